/**
 * The ledger rows of the seeded orders, written as server/orders/money.ts and server/payouts/money.ts
 * post them (each order's rows sum to zero), in two INSERT ... SELECT statements over the orders
 * table, then each member row's running balance (balance_after) by a window over the member's rows.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client.js';

const COLUMNS = sql.raw('user_id, account, amount, reason, ref_type, ref_id, created_at');

/** Paid collection orders: merchant credited less its fee, supplier its fee, clearing the received, platform the rest. */
const collections = sql`
  insert into ledger_entries (${COLUMNS})
  select l.user_id, l.account, l.amount, l.reason, 'order', o.order_code, coalesce(o.completed_at, o.created_at)
  from orders o
  cross join lateral (values
    (o.merchant_id, 'member', o.amount - o.merchant_fee, 'collection'),
    (o.supplier_id, 'member', o.supplier_fee, 'fee'),
    (null::int, 'supplierClearing', -o.received_amount, 'settlement'),
    (null::int, 'platformFee', o.received_amount - o.amount + o.merchant_fee - o.supplier_fee, 'fee')
  ) as l(user_id, account, amount, reason)
  where o.order_type = 1 and o.status in (3, 4, 13) and o.supplier_id is not null and o.order_code like 'B%'`;

/** Payouts above id `after`: every one reserved; completed ones paid out (supplier or platform clearing), released ones given back. */
const payouts = (after: number) => sql`
  insert into ledger_entries (${COLUMNS})
  select l.user_id, l.account, l.amount, l.reason, 'order', o.order_code, l.at
  from orders o
  cross join lateral (values
    (o.merchant_id, 'member', -(o.amount + o.merchant_fee), 'payout', o.created_at, true),
    (null::int, 'payoutReserve', o.amount + o.merchant_fee, 'payout', o.created_at, true),
    (null::int, 'payoutReserve', -(o.amount + o.merchant_fee), 'payout', o.completed_at, o.payout_status = 4),
    (o.supplier_id, case when o.supplier_id is null then 'payoutClearing' else 'member' end, o.amount + o.supplier_fee, 'payout', o.completed_at, o.payout_status = 4),
    (null::int, 'platformFee', o.merchant_fee - o.supplier_fee, 'fee', o.completed_at, o.payout_status = 4),
    (o.merchant_id, 'member', o.amount + o.merchant_fee, 'reversal', o.updated_at, o.payout_status in (5, 6)),
    (null::int, 'payoutReserve', -(o.amount + o.merchant_fee), 'reversal', o.updated_at, o.payout_status in (5, 6))
  ) as l(user_id, account, amount, reason, at, posted)
  where o.order_type = 2 and o.order_code like 'D%' and l.posted and o.id > ${after}`;

/** Each member row above ledger id `after`: its running balance, the sum of the member's rows up to it. */
const balances = (after: number) => sql`
  update ledger_entries e set balance_after = r.run
  from (
    select id, sum(amount) over (partition by user_id, account order by id) as run from ledger_entries
    where user_id in (select distinct user_id from ledger_entries where id > ${after} and user_id is not null)
  ) r
  where e.id = r.id and e.id > ${after}`;

/** Ledger rows of the seeded collection orders (when asked) and of the payouts with an id above `payoutsAfter`. */
export async function seedLedgerVolume(db: Db, options: { collections: boolean; payoutsAfter: number }): Promise<void> {
  const [{ id: after }] = ((await db.execute(sql`select coalesce(max(id), 0)::int as id from ledger_entries`)) as unknown as { rows: { id: number }[] }).rows;
  if (options.collections) await db.execute(collections);
  await db.execute(payouts(options.payoutsAfter));
  await db.execute(balances(after));
}
