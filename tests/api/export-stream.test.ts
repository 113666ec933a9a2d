/**
 * A list export is a streamed CSV file: thousands of rows read back equal to the list's own pages
 * through the same filters and sorts, across the chunks the server reads them in (rows that differ
 * by a microsecond, ties broken by id, a sort on a column with NULLs both ways); formulas
 * neutralised; the cap (EXPORT_MAX_ROWS, 2,500 here) cuts the file and the headers say so before
 * the body; and a refusal before the first byte is still the envelope with its code.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { minorToMajor } from '../../providers/money.js';
import { EXPORT_CHUNK } from '../../server/crud/export.js';
import { useTestServer } from './harness.js';
import { clearOrders, idsOf, insertOrders, type OrderSeed } from './order-fixtures.js';

const CAP = 2_500;
const server = useTestServer({ BACKGROUND_JOBS: 'off', EXPORT_MAX_ROWS: String(CAP) });
const MANY = 2_200;
const FORMULAS = ['=1+1', '+SUM(A1)', '@cmd', '-2+3'];
let admin = '';
let ids: Record<string, number> = {};

type Query = Record<string, string | number>;

/** Every row of the list through its pages of 500, as the admin's table reads them. */
async function listed(query: Query, upTo = Infinity) {
  const rows: { orderCode: string; amount: number; completedAt: string | null }[] = [];
  for (let pageIndex = 1; rows.length < upTo; pageIndex++) {
    const answer = await server.call('GET', '/order/getList', { token: admin, query: { ...query, pageIndex, pageSize: 500 } });
    expect(answer.code, answer.msg).toBe(200);
    rows.push(...answer.data.list);
    if (answer.data.list.length < 500) break;
  }
  return rows.slice(0, upTo);
}

async function exported(query: Query) {
  const file = await server.download('/order/exportList', { token: admin, query });
  expect(file.code, file.msg).toBe(200);
  const [header, ...rows] = parse(file.csv) as string[][];
  const col = (name: string) => header.indexOf(name);
  return { file, header, rows, col };
}

beforeAll(async () => {
  const db = server.database.db;
  // Only this file's orders: the demo ones would change the counts.
  await clearOrders(db);
  ids = await idsOf(db, ['merchant', 'merchant2', 'supplier']);
  admin = await server.login('admin');
  const seeds: OrderSeed[] = Array.from({ length: MANY + 600 }, (_, i) => ({
    orderCode: `XS${String(i).padStart(5, '0')}`,
    merchantId: i < MANY ? ids.merchant2 : ids.merchant,
    supplierId: ids.supplier,
    amount: 100 + (i % 37) * 10,
    description: i % 500 === 7 ? FORMULAS[((i / 500) | 0) % FORMULAS.length] : `row ${i}`,
  }));
  for (let i = 0; i < seeds.length; i += 500) await insertOrders(db, seeds.slice(i, i + 500));
  // Times a millisecond cannot tell apart (a JS Date would lose the microseconds), many of them
  // shared; half the orders without a completion time.
  await db.execute(sql`update orders set
    created_at = timestamptz '2026-01-05 10:00:00+00' + (id % 300) * interval '1 microsecond',
    completed_at = case when id % 2 = 0 then timestamptz '2026-01-05 11:00:00+00' + (id % 170) * interval '1 microsecond' end
    where order_code like 'XS%'`);
});

describe('a list export', () => {
  it('streams a named CSV file with a byte order mark, its row count told before the body', async () => {
    const { file, rows } = await exported({ merchantId: ids.merchant2 });
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{8}-\d{6}\.csv"; filename\*=UTF-8''orders-\d{8}-\d{6}\.csv$/);
    expect(file.fileName).toMatch(/^orders-\d{8}-\d{6}\.csv$/);
    // Written as it is read: no length known up front.
    expect(file.headers['transfer-encoding']).toBe('chunked');
    expect(file.headers['content-length']).toBeUndefined();
    expect(file.bom).toBe(true);
    expect(file.headers['x-export-rows']).toBe(String(MANY));
    expect(file.headers['x-export-truncated']).toBe('false');
    expect(rows).toHaveLength(MANY);
    expect(MANY).toBeGreaterThan(2 * EXPORT_CHUNK);
  });

  it.each<[string, Query]>([
    ['the default order (newest first)', {}],
    ['amount ascending', { sortField: 'amount', sortOrder: 'asc' }],
    ['completion time ascending (NULLs last)', { sortField: 'completedAt', sortOrder: 'asc' }],
    ['completion time descending (NULLs first)', { sortField: 'completedAt', sortOrder: 'desc' }],
  ])('holds the rows of the list, in its order, through its filters: %s', async (_, sort) => {
    const query = { merchantId: ids.merchant2, notInOrderStatusIds: 10, ...sort };
    const [list, { rows, col }] = await Promise.all([listed(query), exported(query)]);
    expect(list).toHaveLength(MANY);
    expect(rows.map((r) => r[col('System order number')])).toEqual(list.map((o) => o.orderCode));
    expect(rows.map((r) => r[col('Amount')])).toEqual(list.map((o) => minorToMajor(o.amount)));
    expect(rows.map((r) => r[col('Completed at')] === '')).toEqual(list.map((o) => o.completedAt === null));
  });

  it('neutralises formula cells among thousands of rows', async () => {
    const { rows, col } = await exported({ merchantId: ids.merchant2 });
    const remarks = rows.map((r) => r[col('Remarks')]).filter((text) => !text.startsWith('row '));
    expect(remarks.length).toBeGreaterThanOrEqual(FORMULAS.length);
    for (const text of remarks) expect(FORMULAS.map((f) => `'${f}`)).toContain(text);
  });

  it('stops at the cap with the first rows of the list, and says so in its headers', async () => {
    const query = { notInOrderStatusIds: 10 };
    const [list, { file, rows, col }] = await Promise.all([listed(query, CAP), exported(query)]);
    expect(file.headers['x-export-rows']).toBe(String(CAP));
    expect(file.headers['x-export-truncated']).toBe('true');
    expect(rows.map((r) => r[col('System order number')])).toEqual(list.map((o) => o.orderCode));
  });

  it('answers a refusal before the first byte as the envelope with its code', async () => {
    const refusals: [string | undefined, Query, number][] = [
      [await server.login('technicalSupport'), {}, 4003],
      [admin, { sortField: 'merchantId' }, 4000],
      [admin, { orderStatusId: 'paid' }, 4000],
      [undefined, {}, 1003],
    ];
    for (const [token, query, code] of refusals) {
      const answer = await server.download('/order/exportList', { token, query });
      expect(answer.headers['content-type'], JSON.stringify(query)).toMatch(/^application\/json/);
      expect(answer.headers['content-disposition']).toBeUndefined();
      expect(answer.code, JSON.stringify(query)).toBe(code);
      expect(answer.msg).not.toBe('');
    }
  });
});
