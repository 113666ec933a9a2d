/**
 * Payout creation through the order API: payee details per product, the balance reserve, the
 * payout failed refusal that stores nothing, and the risk hold.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, riskBlacklist, riskDetections, userProducts, users } from '../../server/db/schema/index.js';
import { balanceOf, entriesFor } from '../../server/ledger/ledger.js';
import { useTestServer } from './harness.js';
import { checkLedgerAfterAll } from './ledger-check.js';
import { create, grantProduct, orderCount, signed } from './order-create-fixture.js';

const server = useTestServer({ BACKGROUND_JOBS: 'off' });
checkLedgerAfterAll(server);
const db = () => server.database.db;

const BANK = { productId: 3017, userName: 'Ravi Kumar', cardNumber: '123456789012', ifscCode: 'HDFC0001234', bankName: 'HDFC Bank' };
const TRON = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';

async function merchantId() {
  const [m] = await db().select({ id: users.id }).from(users).where(eq(users.account, 'merchant'));
  return m.id;
}

describe('payout creation', () => {
  it('needs the payout product enabled for the merchant', async () => {
    // The demo merchant has the payout products: taken away here, granted again below at 5 per mille.
    await db().delete(userProducts).where(and(eq(userProducts.userId, await merchantId()), inArray(userProducts.productId, [3016, 3017])));
    const answer = await create(server, signed({ ...BANK, amount: 50_000 }));
    expect(answer.code).toBe(4105);
  });

  it('reserves amount and fee from the merchant and waits in the pool', async () => {
    const id = await merchantId();
    await grantProduct(db(), id, 3017, 'merchant');
    await grantProduct(db(), id, 3016, 'merchant');
    const before = await balanceOf(db(), id);
    const answer = await create(server, signed({ ...BANK, amount: 50_000 }));
    expect(answer.code, answer.msg).toBe(200);
    expect(answer.data.payUrl).toBeNull();
    const [row] = await db().select().from(orders).where(eq(orders.orderCode, answer.data.orderCode));
    expect(row).toMatchObject({ orderType: 2, payoutStatus: 1, merchantFee: 250, amount: 50_000 });
    expect(await balanceOf(db(), id)).toBe(before - 50_250n);
    const rows = await entriesFor(db(), 'order', row.orderCode);
    expect(rows.reduce((s, r) => s + r.amount, 0n)).toBe(0n);
  });

  it('refuses missing payee details and a malformed wallet, naming the field', async () => {
    const missing = await create(server, signed({ productId: 3017, amount: 50_000, userName: 'A' }));
    expect(missing.code).toBe(4000);
    expect(missing.msg).toMatch(/cardNumber|ifscCode|bankName/);
    const badWallet = await create(server, signed({ productId: 3016, amount: 10_000, address: 'not-a-wallet' }));
    expect(badWallet.code).toBe(4000);
    expect(badWallet.msg).toMatch(/address/);
    // A mistyped character, an emoji, a hidden one: each refused by its reason, and no order stored.
    const before = await orderCount(db());
    const refusals: [Record<string, unknown>, string][] = [
      [{ productId: 3016, address: `${TRON.slice(0, 33)}g` }, 'address does not match its checksum'],
      [{ productId: 3016, address: '💰' }, 'address must be a TRON'],
      [{ productId: 3016, address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD' }, 'address does not match its checksum'],
      [{ ...BANK, userName: 'Ravi\u200BKumar' }, 'userName must not contain control or invisible characters'],
      [{ ...BANK, cardNumber: '1234🙂' }, 'cardNumber must be digits only'],
    ];
    for (const [payee, msg] of refusals) {
      const refused = await create(server, signed({ amount: 10_000, ...payee }));
      expect(refused, msg).toMatchObject({ code: 4000, msg: expect.stringContaining(msg) });
    }
    expect(await orderCount(db())).toBe(before);
    const usdt = await create(server, signed({ productId: 3016, amount: 10_000, address: TRON }));
    expect(usdt.code, usdt.msg).toBe(200);
    const [row] = await db().select().from(orders).where(eq(orders.orderCode, usdt.data.orderCode));
    expect(row).toMatchObject({ usdtAddress: TRON, usdtCount: 100_000_000 });
  });

  it('refuses a payout the balance does not cover and stores nothing', async () => {
    const id = await merchantId();
    const count = await orderCount(db());
    const before = await balanceOf(db(), id);
    const answer = await create(server, signed({ ...BANK, amount: Number(before) + 1 }));
    expect(answer.code).toBe(4109);
    expect(answer.msg).toMatch(/balance/);
    expect(await orderCount(db())).toBe(count);
    expect(await balanceOf(db(), id)).toBe(before);
  });

  it('holds a payout to a blacklisted payee and records the rule that hit', async () => {
    await db().insert(riskBlacklist).values({ kind: 'name', value: '  Bad   Actor ' });
    const answer = await create(server, signed({ ...BANK, userName: 'bad actor', amount: 10_000 }));
    expect(answer.code, answer.msg).toBe(200);
    const [row] = await db().select().from(orders).where(eq(orders.orderCode, answer.data.orderCode));
    expect(row.payoutStatus).toBe(8);
    const detections = await db().select().from(riskDetections).where(eq(riskDetections.orderCode, row.orderCode));
    expect(detections).toMatchObject([{ rule: 'name', value: '  Bad   Actor ', outcome: 'held' }]);
  });
});
