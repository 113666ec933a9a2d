/**
 * GET /orderAnalysis/getIpAnalysisList: per client IP over the period, its order-creation requests
 * and pay-page visits (ip_requests), the orders placed for it and paid (orders.client_ip), success
 * rate, merchants and first/last seen, and whether it is frozen. Hand-written: an aggregate over
 * two tables, not rows of one; paged, sorted and filtered in SQL like a declared list.
 */
import { sql } from 'drizzle-orm';
import { ipAnalysis } from '../../resources/order-analysis/ip-analysis.js';
import { listQueryOf } from '../../resources/common/list-query.js';
import { orderAnalysisApi } from '../../resources/order-analysis/api.js';
import type { Db } from '../db/client.js';
import { route } from '../http/route.js';
import { countedOrders, pageOf, PAID, percent, periodOf, rowsOf, type AnalysisQuery } from './period.js';

type Query = AnalysisQuery & { ip?: string; frozen?: boolean };

interface IpRow {
  ip: string;
  create_requests: number | string;
  pay_page_visits: number | string;
  orders_created: number | string;
  orders_paid: number | string;
  merchants: number | string;
  first_seen: string;
  last_seen: string;
  frozen: boolean;
  total: number | string;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const SORTABLE = {
  ip: sql`ip`,
  createRequests: sql`create_requests`,
  payPageVisits: sql`pay_page_visits`,
  ordersCreated: sql`orders_created`,
  ordersPaid: sql`orders_paid`,
  successRate: sql`orders_paid::numeric / nullif(orders_created, 0)`,
  merchants: sql`merchants`,
  firstSeen: sql`first_seen`,
  lastSeen: sql`last_seen`,
};

export async function ipAnalysisPage(db: Db, query: Query) {
  const { from, to } = periodOf(query);
  const ipLike = query.ip ? sql`and ip ilike ${`%${escapeLike(query.ip)}%`}` : sql``;
  const frozen = query.frozen === undefined ? sql`` : sql`and frozen = ${query.frozen}`;
  const rows = rowsOf<IpRow>(
    await db.execute(sql`
      with requests as (
        select ip, merchant_id, kind, count, minute from ip_requests where minute >= date_trunc('minute', ${from}) and minute <= ${to}
      ), placed as (
        select client_ip as ip, merchant_id, status, created_at from orders where client_ip is not null and ${countedOrders(query)}
      ), per_ip as (
        select ip,
          coalesce(sum(count) filter (where kind = 'create'), 0) as create_requests,
          coalesce(sum(count) filter (where kind = 'payPage'), 0) as pay_page_visits,
          0 as orders_created, 0 as orders_paid, min(minute) as first_seen, max(minute) + interval '1 minute' as last_seen
        from requests group by ip
        union all
        select ip, 0, 0, count(*), count(*) filter (where status in (${PAID})), min(created_at), max(created_at) from placed group by ip
      ), merchants as (
        select ip, count(distinct merchant_id) filter (where merchant_id <> 0) as merchants
        from (select ip, merchant_id from requests union select ip, merchant_id from placed) m group by ip
      ), figures as (
        select p.ip, sum(create_requests) as create_requests, sum(pay_page_visits) as pay_page_visits, sum(orders_created) as orders_created,
          sum(orders_paid) as orders_paid, max(m.merchants) as merchants, min(first_seen) as first_seen, least(max(last_seen), ${to}) as last_seen,
          exists (select 1 from frozen_ips f where f.ip = p.ip and f.unfrozen_at is null) as frozen
        from per_ip p join merchants m on m.ip = p.ip group by p.ip
      )
      select *, count(*) over () as total from figures where true ${ipLike} ${frozen}
      ${pageOf(query, SORTABLE, sql`create_requests + orders_created desc`, sql`ip`)}`),
  );
  return {
    total: rows.length ? Number(rows[0].total) : 0,
    list: rows.map((r) => {
      const [ordersCreated, ordersPaid] = [Number(r.orders_created), Number(r.orders_paid)];
      return {
        id: r.ip,
        ip: r.ip,
        createRequests: Number(r.create_requests),
        payPageVisits: Number(r.pay_page_visits),
        ordersCreated,
        ordersPaid,
        successRate: percent(ordersPaid, ordersCreated),
        merchants: Number(r.merchants),
        firstSeen: r.first_seen,
        lastSeen: r.last_seen,
        frozen: r.frozen,
      };
    }),
  };
}

export const ipAnalysisRoute = route({
  method: 'GET',
  url: orderAnalysisApi.ipList,
  access: { action: 'list', subject: ['ipAnalysis', 'ipAnalysis-customerService'] },
  query: listQueryOf(ipAnalysis.fields ?? []),
  handler: (ctx) => ipAnalysisPage(ctx.db, ctx.query as unknown as Query),
});
