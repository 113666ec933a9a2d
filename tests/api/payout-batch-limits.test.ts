/**
 * A new batch's limits on the API: a count or amount limit out of range is refused with the field
 * and the reason (never rounded or clamped into range) and creates nothing; an amount limit below
 * the oldest payout still takes the oldest payouts that fit, passing over the ones too large.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { payoutBatches } from '../../server/db/schema/index.js';
import { setSetting } from '../../server/settings/store.js';
import { useTestServer } from './harness.js';
import { checkLedgerAfterAll } from './ledger-check.js';
import { emptyPayoutPool, fundMerchant, ordersByIds, placePayouts } from './payout-batch-fixture.js';

const server = useTestServer({ BACKGROUND_JOBS: 'off' });
checkLedgerAfterAll(server);
const db = () => server.database.db;

let session: { token: string; token2: string };
const create = (body: Record<string, unknown>, lang = 'en-US') => server.call('POST', '/payoutBatch/create', { ...session, lang, body: { templateId: 'iciciBulk', ...body } });
const batchCount = async () => (await db().select({ id: payoutBatches.id }).from(payoutBatches)).length;
/** Marks a batch exceptional: `reject` its payouts (refunded), or return them to the pool. */
async function close(id: number, reject: boolean) {
  const detail = await server.call('GET', '/payoutBatch/getDetail', { ...session, query: { id } });
  const orderIds = reject ? detail.data.orders.map((o: { id: number }) => o.id) : [];
  expect((await server.call('POST', '/payoutBatch/exception', { ...session, body: { id, orderIds } })).code).toBe(200);
}

beforeAll(async () => {
  await fundMerchant(db());
  // The amount limit weighs the amounts alone, so the expected batches follow from the amounts placed.
  await setSetting(db(), 'PayoutBatchCalculateAmount', false);
  // The demo data's open payouts leave the pool, so each test knows what a batch can take.
  await emptyPayoutPool(db());
  const token = await server.login('admin');
  session = { token, token2: await server.login2(token) };
});

describe('new batch limits', () => {
  it('refuses a count or limit out of range with the field and the reason, and creates nothing', async () => {
    await placePayouts(db(), 2);
    const before = await batchCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ maxCount: 0 }, 'Max orders (maxCount) must be at least 1'],
      [{ maxCount: -3 }, 'Max orders (maxCount) must be at least 1'],
      [{ maxCount: 'abc' }, 'Max orders (maxCount) is not a number'],
      [{ maxCount: 501 }, 'Max orders (maxCount) must not exceed 500'],
      [{ maxCount: 2.5 }, 'Max orders (maxCount) must be a whole number'],
      [{}, 'Max orders (maxCount) is required'],
      [{ maxCount: 10, amountLimit: -1 }, 'Amount limit (amountLimit) must not be negative'],
      [{ maxCount: 10, amountLimit: 0 }, 'Amount limit (amountLimit) must be greater than 0'],
      [{ maxCount: 10, amountLimit: 1.5 }, 'Amount limit (amountLimit) may have at most 2 decimals'],
      [{ maxCount: 10, amountLimit: 'x' }, 'Amount limit (amountLimit) is not a number'],
    ];
    for (const [body, reason] of cases) {
      const answer = await create(body);
      expect(answer, JSON.stringify(body)).toMatchObject({ code: 4123, msg: `Invalid maximum count or amount: ${reason}` });
    }
    expect((await create({ maxCount: 501 }, 'zh-CN')).msg).toBe('最大笔数或金额无效：最大订单数（maxCount）不能超过 500');
    expect((await create({ maxCount: 0 }, 'zh-TW')).msg).toMatch(/^最大筆數或金額無效：.+（maxCount）不能小於 1$/);
    expect(await batchCount()).toBe(before);
    // The pool is untouched: a valid count takes both.
    const batch = await create({ maxCount: 10 });
    expect(batch.data.orderCount).toBe(2);
    await close(batch.data.id, true);
  });

  it('takes the oldest payouts that fit an amount limit below the oldest payout, passing over those too large', async () => {
    // Oldest first: 500.00, 100.00, 200.00, 300.00.
    const amounts = [50_000, 10_000, 20_000, 30_000];
    const placed = await placePayouts(db(), amounts.length, (i) => amounts[i]);
    const batch = await create({ maxCount: 10, amountLimit: 35_000 });
    expect(batch.code, batch.msg).toBe(200);
    expect(batch.data).toMatchObject({ orderCount: 2, totalAmount: 30_000 });
    const after = await ordersByIds(db(), placed.map((o) => o.id));
    const batchOf = (id: number) => after.find((o) => o.id === id)!.batchId;
    expect(placed.map((o) => batchOf(o.id))).toEqual([null, batch.data.id, batch.data.id, null]);

    // The count still bounds it: one order, the oldest that fits.
    await close(batch.data.id, false);
    const one = await create({ maxCount: 1, amountLimit: 35_000 });
    expect(one.data).toMatchObject({ orderCount: 1, totalAmount: 10_000 });
    await close(one.data.id, false);
    // Nothing fits below the smallest: the pool answer stays.
    expect((await create({ maxCount: 10, amountLimit: 9_999 })).code).toBe(4009);
  });
});
