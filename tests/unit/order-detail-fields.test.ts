/** A collection order's detail shows the fields of a collection order: no payout state, and a wallet only on USDT products. */
import { describe, expect, it } from 'vitest';
import { orderFields } from '../../resources/orders/fields';
import { rowMatches } from '../../src/components/resource/rowMatch';

const shownFor = (row: Record<string, unknown>) => orderFields.filter((f) => f.show && rowMatches(row, f.showWhen)).map((f) => f.name);

describe('the collection order detail', () => {
  it('shows no field only a payout fills (batch, payout status, process state)', () => {
    for (const productId of [1034, 3015]) for (const name of ['batchId', 'payoutStatus', 'processState']) expect(shownFor({ productId })).not.toContain(name);
  });

  it('shows the wallet and USDT amount of a USDT order only', () => {
    expect(shownFor({ productId: 1034 })).not.toContain('usdtAddress');
    expect(shownFor({ productId: 1034 })).not.toContain('usdtCount');
    expect(shownFor({ productId: 3015 })).toEqual(expect.arrayContaining(['usdtAddress', 'usdtCount']));
  });

  it('names the receiving account instead of showing its id, and the parties by name', () => {
    const shown = shownFor({ productId: 1034 });
    expect(shown).toEqual(expect.arrayContaining(['merchantName', 'supplierName', 'receivingAccount']));
    expect(shown).not.toContain('accountId');
  });
});
