/**
 * GET /order/getList is served by indexes for every filter it offers: on 50,000 orders, the
 * statements the kit builds (the page and the count) are EXPLAINed with a selective value of each
 * filter, as the admin sends it (with notInOrderStatusIds [10]), and neither reads the whole orders
 * table. A filter added to the declaration without a sample here fails the test.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { defineAbilityFor } from '../../providers/ability-engine.js';
import { listQueryOf } from '../../resources/common/list-query.js';
import { filterKey, rangeKeys } from '../../resources/common/filter-keys.js';
import { listStatements } from '../../server/crud/query.js';
import { PLACES } from '../../server/http/access.js';
import { ORDER_COUNT_LIMIT, orderStore } from '../../server/orders/list.js';
import { payoutStore } from '../../server/payouts/list.js';
import { users } from '../../server/db/schema/index.js';
import { seedOrderVolume, withSynthetic } from '../../scripts/bench/order-volume.js';
import { seedPayoutVolume } from '../../scripts/bench/payout-volume.js';
import { setSetting } from '../../server/settings/store.js';
import type { Ctx } from '../../server/crud/store.js';
import type { Role } from '../../providers/roles.js';
import { useTestServer } from './harness.js';
import { clearOrders } from './order-fixtures.js';

// Enough rows that a scan of the whole table costs the planner far more than a selective index.
const ORDERS = 50_000;
const PAYOUTS = 10_000;
const server = useTestServer();
type Row = Record<string, unknown>;
let accounts: { id: number; account: string; role: string; parentId: number | null }[] = [];
let sample: Row = {};
let usdtSample: Row = {};

const dayAgo = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 19).replace('T', ' ');

/** A selective value of every filter, by query name, read from the orders the seed wrote. */
const samples = (): Record<string, unknown> => ({
  orderCode: sample.order_code,
  merchantOrderId: sample.merchant_order_no,
  merchantId: sample.merchant_id,
  supplierId: sample.supplier_id,
  productId: 1008,
  orderStatusId: 8,
  // The failed group: allocation failed and processing error.
  statusGroup: 'failed',
  orderMark: 1,
  amount: `${Number(sample.amount) / 100}.0001`,
  currentReceivedMoney: `${Number(sample.amount) / 100}.0001`,
  utr: sample.utr,
  description: 'note 1000',
  validateUserName: String(sample.validate_user_name).toLowerCase(),
  userName: sample.user_name,
  cardNumber: sample.card_number,
  ifscCode: sample.ifsc_code,
  ipAddress: sample.client_ip,
  identifyCode: sample.identify_code,
  usdtAddress: usdtSample.usdt_address,
  usdtCount: usdtSample.usdt_count,
  orderType: 2,
  supplementStatus: 'true',
  supplementType: 1,
  batchId: 5,
  payoutStatus: 5,
  processState: 5,
  startTime: dayAgo(),
  completedStartTime: dayAgo(),
  mainProductId: 3024,
  isProxy: 'true',
});

function ctxOf(account: string): Ctx {
  const user = accounts.find((a) => a.account === account)!;
  const agentIds = accounts.filter((a) => a.parentId === user.id).map((a) => a.id);
  return { db: server.database.db, user, ability: defineAbilityFor({ id: user.id, role: user.role as Role, agentIds, parentId: user.parentId }, PLACES) } as unknown as Ctx;
}

/** The plan PGlite makes for a statement the list kit built, line by line. */
async function planOf(statement: unknown): Promise<string[]> {
  const { sql: text, params } = (statement as { toSQL(): { sql: string; params: unknown[] } }).toSQL();
  const plan = await server.database.pglite!.query<{ 'QUERY PLAN': string }>(`explain ${text}`, params as never[]);
  return plan.rows.map((r) => r['QUERY PLAN']);
}

/**
 * The statements (page, count) whose plan reads the orders table whole. A count that reaches the
 * limit may read orders in table order: it stops there, after a small part of the table.
 */
async function fullScans(account: string, raw: Record<string, unknown>): Promise<string[]> {
  const query = listQueryOf(orderStore.declaration.fields!).parse({ pageIndex: '1', pageSize: '20', notInOrderStatusIds: '10', ...raw }) as Record<string, unknown> & { pageIndex: number };
  const statements = listStatements(orderStore, ctxOf(account), query, ORDER_COUNT_LIMIT);
  const found: string[] = [];
  for (const [name, statement] of Object.entries(statements)) {
    const lines = await planOf(statement);
    if (!lines.some((l) => /Seq Scan on orders/.test(l))) continue;
    if (name === 'count' && (await statements.count)[0].total > ORDER_COUNT_LIMIT) continue;
    found.push(`${name}:\n${lines.join('\n')}`);
  }
  return found;
}

beforeAll(async () => {
  const db = server.database.db;
  await clearOrders(db);
  accounts = await db.select({ id: users.id, account: users.account, role: users.role, parentId: users.parentId }).from(users);
  const id = (account: string) => accounts.find((a) => a.account === account)!.id;
  const members = withSynthetic({ merchants: ['merchant', 'merchant2', 'merchant3'].map(id), suppliers: ['supplier', 'agent01', 'agent02', 'supplier2', 'agent03'].map(id) });
  await seedOrderVolume(db, ORDERS, members);
  // Payouts beside them, so that the payout list's plans are made over rows of both types.
  await seedPayoutVolume(db, members, { count: PAYOUTS, from: 0, spread: true });
  await db.execute(sql`vacuum analyze orders`);
  const pick = async (where: string) => ((await db.execute(sql.raw(`select * from orders where ${where} order by id limit 1`))) as unknown as { rows: Row[] }).rows[0];
  sample = await pick(`utr is not null and supplier_id is not null and id > ${ORDERS / 2}`);
  usdtSample = await pick('usdt_count is not null');
}, 300_000);

// The plans are read from the embedded engine (PGlite); API_DB=postgres leaves this file out.
describe.skipIf(process.env.API_DB === 'postgres')(`the order list on ${ORDERS.toLocaleString('en-US')} orders`, () => {
  it('has a sample for every filter it offers', () => {
    const keys = (orderStore.declaration.fields ?? []).filter((f) => f.filter).flatMap((f) => (f.filter === 'range' ? [rangeKeys(f)[0]] : [filterKey(f)]));
    expect(keys.filter((k) => k !== 'notInOrderStatusIds' && !(k in samples()))).toEqual([]);
  });

  it('answers each filter from an index, never by reading every order', async () => {
    const problems: string[] = [];
    for (const [key, value] of Object.entries(samples())) {
      const account = key === 'isProxy' ? 'supplier' : 'admin';
      for (const scan of await fullScans(account, { [key]: value })) problems.push(`${key}=${String(value)} ${scan}`);
    }
    expect(problems).toEqual([]);
  });

  it('stops counting at 10,000 while HighPerfOrderQuery is on, and counts exactly when it is off', async () => {
    const token = await server.login('admin');
    const list = async () => (await server.call('GET', '/order/getList', { token, query: { pageIndex: 1, pageSize: 20, notInOrderStatusIds: 10 } })).data;
    expect(await list()).toMatchObject({ total: ORDER_COUNT_LIMIT, totalCapped: true });
    await setSetting(server.database.db, 'HighPerfOrderQuery', false);
    const exact = await list();
    expect(exact.total).toBe(ORDERS * 0.7);
    expect(exact).not.toHaveProperty('totalCapped');
    await setSetting(server.database.db, 'HighPerfOrderQuery', true);
  });

  it('pages the unfiltered list and each role scope from an index, near and deep', async () => {
    const problems: string[] = [];
    for (const account of ['admin', 'merchant', 'supplier', 'agent01'])
      for (const pageIndex of ['1', '50']) for (const scan of await fullScans(account, { pageIndex })) problems.push(`${account} page ${pageIndex} ${scan}`);
    expect(problems).toEqual([]);
  });

  it("counts the payout list's status filter from one index, not from a bitmap of type and status", async () => {
    const query = listQueryOf(payoutStore.declaration.fields!).parse({ pageIndex: '1', pageSize: '20', payoutStatus: '4' }) as Record<string, unknown> & { pageIndex: number };
    const plan = (await planOf(listStatements(payoutStore, ctxOf('admin'), query, ORDER_COUNT_LIMIT).count)).join('\n');
    expect(plan).toMatch(/Index (Only )?Scan using orders_payout_status_idx/);
    expect(plan).not.toMatch(/Bitmap/);
  });

  it('gives a deep page (its ids found first) the same rows as reading the rows whole', async () => {
    const token = await server.login('admin');
    const page = async (pageIndex: number, pageSize: number, sort: Record<string, string> = {}) =>
      ((await server.call('GET', '/order/getList', { token, query: { pageIndex, pageSize, notInOrderStatusIds: 10, ...sort } })).data.list as Row[]).map((r) => r.orderCode);
    const sqlOf = (pageIndex: string) => {
      const query = listQueryOf(orderStore.declaration.fields!).parse({ pageIndex, pageSize: '20' }) as Record<string, unknown> & { pageIndex: number };
      return (listStatements(orderStore, ctxOf('admin'), query).page as unknown as { toSQL(): { sql: string } }).toSQL().sql;
    };
    expect(sqlOf('10')).not.toMatch(/ in \(select /);
    expect(sqlOf('11')).toMatch(/ in \(select /);
    for (const sort of [{}, { sortField: 'amount', sortOrder: 'asc' }] as Record<string, string>[]) {
      const whole = await page(1, 500, sort); // offset 0: rows read whole
      expect(whole).toHaveLength(500);
      expect(await page(11, 20, sort)).toEqual(whole.slice(200, 220)); // offset 200: ids first
      expect(await page(25, 20, sort)).toEqual(whole.slice(480, 500));
    }
  });
});
