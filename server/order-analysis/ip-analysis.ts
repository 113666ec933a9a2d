/**
 * GET /orderAnalysis/getIpAnalysisList: per client IP over the period, its order-creation requests
 * and pay-page visits (ip_requests), the orders placed for it and paid (orders.client_ip), success
 * rate, merchants and first/last seen, and whether it is frozen. Hand-written: an aggregate over
 * two tables, not rows of one; paged, sorted and filtered in SQL like a declared list.
 */
import { sql, type SQL } from 'drizzle-orm';
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

/** Sortable columns as their aggregate (ORDER BY of a grouped query). */
const SORTABLE = {
  ip: sql`ip`,
  createRequests: sql`sum(count) filter (where kind = 'create')`,
  payPageVisits: sql`sum(count) filter (where kind = 'payPage')`,
  ordersCreated: sql`sum(placed)`,
  ordersPaid: sql`sum(paid)`,
  successRate: sql`sum(paid)::numeric / nullif(sum(placed), 0)`,
  merchants: sql`count(distinct merchant_id) filter (where merchant_id <> 0)`,
  firstSeen: sql`min(at)`,
  lastSeen: sql`max(at)`,
};

async function ipAnalysisPage(db: Db, query: Query) {
  const { from, to } = periodOf(query);
  const ipLike = (column: SQL) => (query.ip ? sql`and ${column} ilike ${`%${escapeLike(query.ip)}%`}` : sql``);
  const frozen = sql`exists (select 1 from frozen_ips f where f.ip = events.ip and f.unfrozen_at is null)`;
  // One pass over the requests counted and the orders placed for each IP in the period.
  const rows = rowsOf<IpRow>(
    await db.execute(sql`
      with events as (
        select ip, merchant_id, kind, count, minute as at, 0 as placed, 0 as paid
        from ip_requests where minute >= date_trunc('minute', ${from}) and minute <= ${to} ${ipLike(sql`ip`)}
        union all
        select client_ip, merchant_id, 'order', 0, created_at, 1, (status in (${PAID}))::int
        from orders where client_ip is not null and ${countedOrders(query)} ${ipLike(sql`client_ip`)}
      )
      select ip,
        coalesce(sum(count) filter (where kind = 'create'), 0) as create_requests,
        coalesce(sum(count) filter (where kind = 'payPage'), 0) as pay_page_visits,
        sum(placed) as orders_created, sum(paid) as orders_paid,
        count(distinct merchant_id) filter (where merchant_id <> 0) as merchants,
        min(at) as first_seen, max(at) as last_seen, ${frozen} as frozen, count(*) over () as total
      from events group by ip
      ${query.frozen === undefined ? sql`` : sql`having ${frozen} = ${query.frozen}`}
      ${pageOf(query, SORTABLE, sql`sum(count) + sum(placed) desc`, sql`ip`)}`),
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
