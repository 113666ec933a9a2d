/**
 * Balance operations on the member lists: second-level password, Idempotency-Key, bounds of freeze
 * and unfreeze, clearing only while CanClearMerchantBalance is on; each a balanced posting.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { useTestServer } from './harness.js';
import { checkLedgerAfterAll } from './ledger-check.js';
import { ledgerEntries, users } from '../../server/db/schema/index.js';
import { setSetting } from '../../server/settings/store.js';

const server = useTestServer();
checkLedgerAfterAll(server);
const db = () => server.database.db;
let admin: string;
let admin2: string;
let superAdmin: string;
let superAdmin2: string;
let merchant2: number;

const idOf = async (account: string) => (await db().select().from(users).where(eq(users.account, account)))[0].id;
const rowsOf = async (userId: number) => db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
const post = (url: string, body: object, token = admin, token2 = admin2, key = randomUUID()) =>
  server.call('POST', url, { token, token2, body, headers: { 'idempotency-key': key } });

beforeAll(async () => {
  admin = await server.login('admin');
  admin2 = await server.login2(admin);
  superAdmin = await server.login('superAdmin');
  superAdmin2 = await server.login2(superAdmin);
  merchant2 = await idOf('merchant2');
});

describe('balance operations', () => {
  it('refuses an adjustment without the second-level password (1024) and writes nothing', async () => {
    const before = (await rowsOf(merchant2)).length;
    const answer = await post('/merchant/adjustBalance', { id: merchant2, amount: 1000, reason: 'goodwill' }, admin, '');
    expect(answer.code).toBe(1024);
    expect((await rowsOf(merchant2)).length).toBe(before);
  });

  it('posts an adjustment once for one Idempotency-Key, balanced against the platform equity, with the reason and running balance', async () => {
    const before = await server.call('GET', '/merchant/getOne', { token: admin, query: { id: merchant2 } });
    const key = randomUUID();
    const first = await post('/merchant/adjustBalance', { id: merchant2, amount: 1234, reason: 'goodwill credit' }, admin, admin2, key);
    const second = await post('/merchant/adjustBalance', { id: merchant2, amount: 1234, reason: 'goodwill credit' }, admin, admin2, key);
    expect(first.code).toBe(200);
    expect(first.data.balance).toBe(before.data.balance + 1234);
    expect(second.data).toEqual(first.data);
    const postings = (await rowsOf(merchant2)).filter((r) => r.reason === 'adjustment');
    expect(postings).toHaveLength(1);
    expect(postings[0]).toMatchObject({ amount: 1234n, note: 'goodwill credit', balanceAfter: BigInt(first.data.balance), account: 'member' });
    const legs = await db().select().from(ledgerEntries).where(and(eq(ledgerEntries.refType, 'balanceOperation'), eq(ledgerEntries.reason, 'adjustment')));
    expect(legs.reduce((sum, r) => sum + r.amount, 0n)).toBe(0n);
  });

  it('never debits below the available balance', async () => {
    const { data } = await server.call('GET', '/merchant/getOne', { token: admin, query: { id: merchant2 } });
    const answer = await post('/merchant/adjustBalance', { id: merchant2, amount: -(data.balance + 1), reason: 'too much' });
    expect(answer.code).toBe(4131);
  });

  it('freezes at most the available funds and unfreezes at most the frozen ones', async () => {
    const { data } = await server.call('GET', '/merchant/getOne', { token: admin, query: { id: merchant2 } });
    expect((await post('/merchant/freezeBalance', { id: merchant2, amount: data.balance + 1, reason: 'dispute' })).code).toBe(4131);
    const frozen = await post('/merchant/freezeBalance', { id: merchant2, amount: 500, reason: 'dispute' });
    expect(frozen.data).toEqual({ balance: data.balance - 500, frozenBalance: data.frozenBalance + 500 });
    expect((await post('/merchant/unfreezeBalance', { id: merchant2, amount: frozen.data.frozenBalance + 1, reason: 'resolved' })).code).toBe(4132);
    const back = await post('/merchant/unfreezeBalance', { id: merchant2, amount: 200, reason: 'resolved' });
    expect(back.data).toEqual({ balance: data.balance - 300, frozenBalance: data.frozenBalance + 300 });
    const list = await server.call('GET', '/merchant/getOne', { token: admin, query: { id: merchant2 } });
    expect(list.data).toMatchObject(back.data);
  });

  it('refuses bad amounts and a missing reason with a clear code', async () => {
    for (const body of [{ amount: 0, reason: 'x' }, { amount: 1.5, reason: 'x' }, { amount: 100 }, { amount: '100', reason: 'x' }]) {
      expect((await post('/merchant/adjustBalance', { id: merchant2, ...body })).code).toBe(4000);
    }
    expect((await post('/merchant/freezeBalance', { id: merchant2, amount: -5, reason: 'x' })).code).toBe(4000);
  });

  it('clears a merchant balance only while CanClearMerchantBalance is on, and only for superAdmin', async () => {
    await setSetting(db(), 'CanClearMerchantBalance', false);
    expect((await post('/merchant/clearBalance', { id: merchant2, reason: 'closing' }, superAdmin, superAdmin2)).code).toBe(4133);
    await setSetting(db(), 'CanClearMerchantBalance', true);
    expect((await post('/merchant/clearBalance', { id: merchant2, reason: 'closing' }, admin, admin2)).code).toBe(4003);
    const cleared = await post('/merchant/clearBalance', { id: merchant2, reason: 'closing' }, superAdmin, superAdmin2);
    expect(cleared.code).toBe(200);
    expect(cleared.data.balance).toBe(0);
    expect((await post('/merchant/clearBalance', { id: merchant2, reason: 'closing' }, superAdmin, superAdmin2)).code).toBe(4134);
  });

  it('works on suppliers the same way, and reaches no agent through the supplier list', async () => {
    const supplier = await idOf('supplier');
    expect((await post('/supplier/freezeBalance', { id: supplier, amount: 100, reason: 'check' })).code).toBe(200);
    expect((await post('/supplier/freezeBalance', { id: await idOf('agent01'), amount: 100, reason: 'check' })).code).toBe(4004);
  });

  it('keeps every member balance equal to the sum of its rows and to the running balance of its newest row', async () => {
    const { rows } = (await db().execute(sql`
      select user_id, account, sum(amount)::text as total,
        (array_agg(balance_after order by id desc))[1]::text as newest,
        count(*) filter (where balance_after is null) as missing
      from ledger_entries where user_id is not null group by user_id, account`)) as unknown as { rows: { total: string; newest: string; missing: number }[] };
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.newest).toBe(row.total);
      expect(Number(row.missing)).toBe(0);
    }
  });

  it('asks every balance operation for a Google code while the BalanceOperation switch is on: adjust, reset payment password, restore', async () => {
    await setSetting(db(), 'GoogleVerifyBalanceOperation', true);
    try {
      const deleted = (await server.call('POST', '/admin/addUser', { token: admin, body: { nickname: 'Gone', account: 'gone0001', password: 'Secret123', access: 'merchant' } })).data;
      expect((await server.call('GET', '/admin/deleteUser', { token: admin, query: { id: deleted.id } })).code).toBe(200);
      const empty = 4010;
      expect((await post('/merchant/adjustBalance', { id: merchant2, amount: 100, reason: 'x' })).code).toBe(empty);
      expect((await server.call('GET', '/admin/resetPayPassword', { token: admin, token2: admin2, query: { id: merchant2 } })).code).toBe(empty);
      expect((await server.call('POST', '/admin/repairUser', { token: admin, token2: admin2, body: { userId: deleted.id, newAccountName: 'gone0002' } })).code).toBe(empty);
      expect((await server.call('POST', '/merchant/restore', { token: admin, token2: admin2, body: { id: deleted.id } })).code).toBe(empty);
      // Nothing was restored.
      expect((await db().select().from(users).where(eq(users.id, deleted.id)))[0].deletedAt).not.toBeNull();
    } finally {
      await setSetting(db(), 'GoogleVerifyBalanceOperation', false);
    }
  });
});
