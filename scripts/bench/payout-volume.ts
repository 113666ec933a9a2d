/**
 * Payout orders in one statement (INSERT ... SELECT over generate_series), spread like the
 * collection orders of order-volume.ts: most completed, a pool of waiting ones, some being paid,
 * some revoked; bank payouts (product 3017) with a few USDT ones (3016). Codes D000000001...
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client.js';
import type { Members } from './order-volume.js';

export interface PayoutVolume {
  count: number;
  /** The first code number (codes continue after earlier calls). */
  from: number;
  /** Spread over the last 90 days (the seed) or all now (a batch's top-up of the pool). */
  spread: boolean;
  /** Only waiting payouts in the pool (the batch bench's top-up). */
  poolOnly?: boolean;
}

export async function seedPayoutVolume(db: Db, members: Members, volume: PayoutVolume): Promise<void> {
  const { count, from } = volume;
  const merchants = sql.raw(`array[${members.merchants.join(',')}]`);
  const suppliers = sql.raw(`array[${members.suppliers.join(',')}]`);
  // payout state by g % 20: 55% completed, 15% waiting in the pool, 5% preparing, 10% paying, 10% revoked, 5% cancelled.
  const states = sql.raw(volume.poolOnly ? 'array[1]' : 'array[4,4,4,4,4,4,4,4,4,4,4,1,1,1,2,3,3,5,5,6]');
  const seconds = volume.spread ? 7_776_000 / count : 0;
  await db.execute(sql`
    insert into orders (order_code, order_type, merchant_id, merchant_order_no, product_id, supplier_id, account_id, status, payout_status,
      amount, pay_amount, merchant_fee, supplier_fee, usdt_count, notify_url, client_ip, user_name, card_number, ifsc_code, extras,
      assigned_at, completed_at, reject_reason, created_at, updated_at)
    select
      'D' || lpad((${from} + g)::text, 9, '0'),
      2,
      m.merchant,
      'PO' || (${from} + g),
      p.product,
      case when s.state in (1, 5, 6) or g % 3 = 0 then null else (${suppliers})[1 + (g / 3) % ${members.suppliers.length}] end,
      case when s.state in (1, 5, 6) or g % 3 = 0 then null else 1 + g % 400 end,
      (array[9, 11, 11, 13, 7, 7])[s.state],
      s.state,
      a.amount,
      a.amount,
      a.amount / 100,
      case when s.state = 4 and g % 3 <> 0 then a.amount * 4 / 1000 else 0 end,
      case when p.product = 3016 then a.amount * 10000 end,
      'https://shop' || m.merchant || '.example/payout',
      '10.' || g % 250 || '.' || (g / 250) % 250 || '.' || g % 7,
      (array['Ravi','Amit','Priya','Sunil','Anita','Vikram','Neha','Rahul'])[1 + g % 8] || ' ' || g % 1000,
      lpad((g % 300000)::text, 12, '5'),
      'ICIC0' || lpad((g % 999)::text, 6, '0'),
      jsonb_build_object('bankName', 'ICICI Bank'),
      case when s.state in (2, 3, 4) then t.created + interval '2 minutes' end,
      case when s.state = 4 then t.created + interval '20 minutes' end,
      case when s.state = 5 then 'account closed' end,
      t.created,
      t.created
    from generate_series(1, ${count}) g
    cross join lateral (select (${states})[1 + g % ${volume.poolOnly ? 1 : 20}] as state) s
    cross join lateral (select case when g % 10 = 9 and not ${Boolean(volume.poolOnly)} then 3016 else 3017 end as product) p
    cross join lateral (select (${merchants})[1 + g % ${members.merchants.length}] as merchant) m
    cross join lateral (select ((g * 41) % 40000 + 500)::bigint * 100 as amount) a
    cross join lateral (select now() - (${count} - g) * interval '1 second' * ${seconds} as created) t`);
}
