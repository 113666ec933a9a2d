/**
 * A production-sized orders table in one statement (INSERT ... SELECT over generate_series): the
 * bench (`npm run bench`) and the index test read the order lists against it. Values spread like a
 * busy platform's over the given merchants and suppliers (the bench: 200 and 100), most orders paid or
 * timed out, one every few seconds over the last 90 days, newest with the highest id.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client.js';

export interface Members {
  merchants: number[];
  suppliers: number[];
}

/** Fills in synthetic member ids up to 20 merchants and 12 suppliers (the names of those show as empty). */
export function withSynthetic({ merchants, suppliers }: Members): Members {
  const fill = (ids: number[], count: number, from: number) => [...ids, ...Array.from({ length: Math.max(0, count - ids.length) }, (_, i) => from + i)];
  return { merchants: fill(merchants, 20, 900_000), suppliers: fill(suppliers, 12, 950_000) };
}

/**
 * Runs `load` with the table's secondary indexes dropped, then rebuilds them and analyzes. Loading
 * first and indexing after is several times faster than keeping 30 indexes up to date row by row;
 * each index is rebuilt from its own definition, so the table ends as the migrations made it.
 */
export async function withoutIndexes(db: Db, table: string, load: () => Promise<unknown>): Promise<void> {
  const indexes = ((await db.execute(sql`select indexname, indexdef from pg_indexes where tablename = ${table} and indexname <> ${`${table}_pkey`}`)) as unknown as { rows: { indexname: string; indexdef: string }[] }).rows;
  for (const index of indexes) await db.execute(sql.raw(`drop index "${index.indexname}"`));
  await load();
  for (const index of indexes) await db.execute(sql.raw(index.indexdef));
  await db.execute(sql.raw(`vacuum analyze ${table}`));
}

/** Inserts `count` orders with codes B000000001... and rebuilds the indexes; returns how long it took in ms. */
export async function seedOrderVolume(db: Db, count: number, members: Members): Promise<number> {
  const started = performance.now();
  await withoutIndexes(db, 'orders', () => insertOrderVolume(db, count, members));
  return performance.now() - started;
}

/** The insert of seedOrderVolume, for a caller that drops and rebuilds the indexes itself. */
export async function insertOrderVolume(db: Db, count: number, members: Members): Promise<void> {
  const merchants = sql.raw(`array[${members.merchants.join(',')}]`);
  const suppliers = sql.raw(`array[${members.suppliers.join(',')}]`);
  // status by g % 20: 40% callback succeeded, 30% timed out, then allocated, pending, rejected...
  const statuses = sql.raw('array[3,3,3,3,3,3,3,3,10,10,10,10,10,10,2,8,7,5,4,13]');
  await db.execute(sql`
    insert into orders (order_code, order_type, merchant_id, merchant_order_no, product_id, supplier_id, account_id, status, mark,
      amount, pay_amount, received_amount, merchant_fee, supplier_fee, usdt_count, usdt_address, notify_url, client_ip, user_name, card_number, ifsc_code,
      utr, utr_submitted_at, validate_user_name, identify_code, description, supplemented, supplement_type, created_at, completed_at)
    select
      'B' || lpad(g::text, 9, '0'),
      1,
      m.merchant,
      'MO' || g,
      (array[1034,1034,1034,1008,1045,3001,3015,3024])[1 + (g * 7) % 8],
      case when s.status = 5 then null else (${suppliers})[1 + (g / 3) % ${members.suppliers.length}] end,
      case when s.status = 5 then null else 1 + g % 400 end,
      s.status,
      case when g % 97 = 0 then 1 when g % 501 = 0 then 3 else 0 end,
      a.amount,
      a.amount + (g % 200) - 100,
      case when s.status in (3, 4, 13) then a.amount end,
      case when s.status in (3, 4, 13) then a.amount / 200 else 0 end,
      case when s.status in (3, 4, 13) then a.amount * 3 / 1000 else 0 end,
      case when (g * 7) % 8 = 6 then a.amount * 10000 end,
      case when (g * 7) % 8 = 6 then 'T' || md5(m.merchant::text || g % 5000) end,
      'https://shop' || m.merchant || '.example/notify',
      '10.' || g % 250 || '.' || (g / 250) % 250 || '.' || g % 7,
      (array['Ravi','Amit','Priya','Sunil','Anita','Vikram','Neha','Rahul'])[1 + g % 8] || ' ' || g % 1000,
      lpad((g % 200000)::text, 12, '4'),
      'HDFC0' || lpad((g % 999)::text, 6, '0'),
      case when s.status in (3, 4, 13, 8) then 'UTR' || lpad(g::text, 10, '0') end,
      case when s.status in (3, 4, 13, 8) then t.created + interval '3 minutes' end,
      case when s.status in (3, 4, 13, 8) then (array['RAVI','AMIT','PRIYA','SUNIL'])[1 + g % 4] || ' K' || g % 997 end,
      'C' || g % 100000,
      case when g % 50 = 0 then 'note ' || g end,
      g % 501 = 0,
      case when g % 501 = 0 then 1 end,
      t.created,
      case when s.status in (3, 4, 13) then t.created + interval '5 minutes' end
    from generate_series(1, ${count}) g
    cross join lateral (select (${statuses})[1 + g % 20] as status) s
    cross join lateral (select (${merchants})[1 + g % ${members.merchants.length}] as merchant) m
    cross join lateral (select ((g * 37) % 50000 + 100)::bigint * 100 as amount) a
    cross join lateral (select now() - (${count} - g) * interval '1 second' * (7776000.0 / ${count}) as created) t`);
}
