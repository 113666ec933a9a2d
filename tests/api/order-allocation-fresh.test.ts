/**
 * A creation's allocation runs on accounts read before its transaction, and takes its first lock
 * without a savepoint: an account found unfit under its lock is let go by rolling the transaction
 * back and beginning it again (server/orders/allocation/lock.ts). Here the read is made stale on
 * purpose: the account it ranks first is full by the time it is locked.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from './harness.js';
import type { Db } from '../../server/db/client.js';
import { receivingAccounts } from '../../server/db/schema/index.js';
import { allocate } from '../../server/orders/allocation/allocate.js';
import { readAccounts } from '../../server/orders/allocation/read.js';
import { create, grantProduct, makeAccount, makeSupplier, signed } from './order-create-fixture.js';
import { userIdOf } from './orders-fixture.js';

const server = useTestServer({ BACKGROUND_JOBS: 'off' });
const db = () => server.database.db;
const P = 1008;

beforeAll(async () => {
  await grantProduct(db(), await userIdOf(db(), 'merchant'), P, 'merchant');
  await db().update(receivingAccounts).set({ deletedAt: new Date() }).where(eq(receivingAccounts.productId, P));
});

describe('allocation on accounts read before the transaction', () => {
  it('lets an account found full under its lock go, and gives the order to the next', async () => {
    const supplierId = await makeSupplier(db(), 'freshSupplier', [P]);
    const full = await makeAccount(db(), supplierId, P, { maxConcurrentOrders: 1, cardNumber: '880000000001' });
    const next = await makeAccount(db(), supplierId, P, { cardNumber: '880000000002' });
    const limits = { limitMode: 'strict' as const, successAmount: false };
    const request = { action: 'allocate' as const, amount: 10_000, productIds: [P] };
    const stale = await readAccounts(db(), request, limits);
    // The first account (no order yet, lower id) takes an order after the read: it is full now.
    expect((await create(server, signed({ productId: P, amount: 10_000 }))).code).toBe(200);

    const { set, info } = await db().transaction(async (tx) => {
      const allocation = await allocate(tx as unknown as Db, { ...request, fresh: true }, { rows: stale, limits });
      // Let go: another connection takes the full account's lock at once (PostgreSQL; PGlite has one connection).
      if (server.database.kind === 'postgres') await db().execute(sql`select id from receiving_accounts where id = ${full} for update nowait`);
      return allocation;
    });
    expect(set?.accountId).toBe(next);
    expect(info.candidates.find((c) => c.accountId === full)?.reasons).toEqual(['maxConcurrentOrders']);
  });
});
