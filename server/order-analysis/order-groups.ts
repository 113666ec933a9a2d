/**
 * GET /orderAnalysis/getLostOrderList and /getOrderSourceList: the collection orders of a period
 * grouped by merchant, product, supplier, reason (status), client IP or return-URL host. Lost
 * orders are the ones that ended unpaid (allocation failed, timed out, rejected); sources count
 * orders, paid orders and amounts with the success rate. Hand-written: aggregates, not rows of a
 * table; paged and sorted in SQL like a declared list.
 */
import { sql, type SQL } from 'drizzle-orm';
import { listQueryOf } from '../../resources/common/list-query.js';
import { orderAnalysisApi } from '../../resources/order-analysis/api.js';
import type { AnalysisGroup } from '../../resources/order-analysis/groups.js';
import { lostOrders } from '../../resources/order-analysis/lost-orders.js';
import { orderSources } from '../../resources/order-analysis/order-sources.js';
import { statusId, type OrderStatus } from '../../resources/orders/statuses.js';
import type { Db } from '../db/client.js';
import { route } from '../http/route.js';
import { countedOrders, pageOf, PAID, percent, rowsOf, type AnalysisQuery } from './period.js';

/** Ended without payment: nothing more will come of these orders. */
const LOST_STATUSES: readonly OrderStatus[] = ['allocationFailed', 'timedOut', 'rejecting', 'rejected'];
const LOST = sql.join(
  LOST_STATUSES.map((s) => sql`${statusId(s)}`),
  sql`, `,
);

/** The group key of an order (text), by grouping. */
const KEYS: Record<AnalysisGroup, SQL> = {
  merchant: sql`merchant_id::text`,
  product: sql`product_id::text`,
  supplier: sql`coalesce(supplier_id, 0)::text`,
  reason: sql`status::text`,
  clientIp: sql`coalesce(client_ip, '')`,
  returnHost: sql`coalesce(lower(substring(return_url from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/@?#]*@)?([^/:?#]+)')), '')`,
};

/** What a group's row shows: a member's account name, or the key itself (an IP, a host). */
function nameOf(group: AnalysisGroup): SQL {
  if (group === 'merchant' || group === 'supplier') return sql`(select account from users where users.id = nullif(key, '')::int)`;
  if (group === 'clientIp' || group === 'returnHost') return sql`nullif(key, '')`;
  return sql`null::text`;
}

interface GroupRow {
  key: string;
  name: string | null;
  orders: number | string;
  paid: number | string;
  paid_amount: number | string;
  lost: number | string;
  lost_amount: number | string;
  all_orders: number | string;
  total: number | string;
}

type Query = AnalysisQuery & { groupBy?: AnalysisGroup };

/** `fallbackGroup`: the grouping when the query names none. */
async function groupPage(db: Db, query: Query, fallbackGroup: AnalysisGroup, lostOnly: boolean, sortable: Record<string, SQL>, fallback: SQL) {
  const group = query.groupBy ?? fallbackGroup;
  const rows = rowsOf<GroupRow>(
    await db.execute(sql`
      with counted as (
        select ${KEYS[group]} as key, status, amount from orders where ${countedOrders(query)}
      ), groups as (
        select key, count(*) as orders,
          count(*) filter (where status in (${PAID})) as paid, coalesce(sum(amount) filter (where status in (${PAID})), 0) as paid_amount,
          count(*) filter (where status in (${LOST})) as lost, coalesce(sum(amount) filter (where status in (${LOST})), 0) as lost_amount
        from counted group by key
      )
      select *, ${nameOf(group)} as name, (select count(*) from counted) as all_orders, count(*) over () as total
      from groups ${lostOnly ? sql`where lost > 0` : sql``}
      ${pageOf(query, sortable, fallback, sql`key`)}`),
  );
  return {
    total: rows.length ? Number(rows[0].total) : 0,
    list: rows.map((r) => {
      const [orders, paid, lost, all] = [r.orders, r.paid, r.lost, r.all_orders].map(Number);
      return {
        id: r.key,
        groupBy: group,
        groupKey: r.key,
        name: r.name,
        productId: group === 'product' ? Number(r.key) : null,
        status: group === 'reason' ? Number(r.key) : null,
        orders,
        paid,
        paidAmount: Number(r.paid_amount),
        successRate: percent(paid, orders),
        lost,
        lostAmount: Number(r.lost_amount),
        lostRate: percent(lost, orders),
        lostShare: percent(lost, all),
      };
    }),
  };
}

const LOST_SORT = { orders: sql`orders`, lost: sql`lost`, lostAmount: sql`lost_amount` };
const SOURCE_SORT = { orders: sql`orders`, paid: sql`paid`, paidAmount: sql`paid_amount`, successRate: sql`paid::numeric / nullif(orders, 0)` };

export const orderGroupRoutes = [
  route({
    method: 'GET',
    url: orderAnalysisApi.lostList,
    access: { action: 'list', subject: ['lostOrders', 'lostOrders-customerService'] },
    query: listQueryOf(lostOrders.fields ?? []),
    handler: ({ db, query }) => groupPage(db, query as unknown as Query, 'merchant', true, LOST_SORT, sql`lost desc`),
  }),
  route({
    method: 'GET',
    url: orderAnalysisApi.sourceList,
    access: { action: 'list', subject: ['orderSources', 'orderSources-customerService'] },
    query: listQueryOf(orderSources.fields ?? []),
    handler: ({ db, query }) => groupPage(db, query as unknown as Query, 'clientIp', false, SOURCE_SORT, sql`orders desc`),
  }),
];
