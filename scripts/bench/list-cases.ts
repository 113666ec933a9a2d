/**
 * The list part of the bench: GET /order/getList and GET /payProxyOrder/getList, a page of 20, for
 * the filter sets operators use, as the roles that use them. The values picked hit seeded rows: the
 * middle order (paid, so it has a UTR) and the middle payout, a merchant of the synthetic set.
 */
import type { FastifyInstance } from 'fastify';
import { orderApi } from '../../resources/orders/api.js';
import { payoutApi } from '../../resources/payouts/api.js';
import { api, timed, type Figure, type Session } from './measure.js';
import type { Members } from './order-volume.js';

type Query = Record<string, string | number | boolean>;

/** A time filter as the admin sends it, in the database's zone (UTC here). */
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
const lastWeek = () => ({ startTime: hoursAgo(24 * 7), endTime: hoursAgo(0) });

function orderCases(count: number, members: Members): [string, string, Query][] {
  // g % 20 = 0 is a paid order (order-volume.ts), so it has a UTR.
  const g = Math.max(20, Math.floor(count / 2 / 20) * 20);
  const visible = { notInOrderStatusIds: 10 };
  return [
    ['no filter', 'admin', visible],
    ['status + time range (7 d)', 'admin', { ...visible, orderStatusId: 3, ...lastWeek() }],
    ['merchant + time range (7 d)', 'admin', { ...visible, merchantId: members.merchants[4], ...lastWeek() }],
    ['exact order code', 'admin', { ...visible, orderCode: `B${String(g).padStart(9, '0')}` }],
    ['exact merchant order no', 'admin', { ...visible, merchantOrderId: `MO${g}` }],
    ['amount', 'admin', { ...visible, amount: (((g * 37) % 50_000) + 100).toFixed(2) }],
    ['UTR', 'admin', { ...visible, utr: `UTR${String(g).padStart(10, '0')}` }],
    ['page 50 of status filter', 'admin', { ...visible, orderStatusId: 3, pageIndex: 50 }],
    ['merchant login, no filter', 'merchant', visible],
    ['supplier login (own + agents)', 'supplier', visible],
  ];
}

function payoutCases(count: number, members: Members): [string, string, Query][] {
  const g = Math.max(1, Math.floor(count / 2));
  return [
    ['no filter', 'admin', {}],
    ['status + time range (7 d)', 'admin', { payoutStatus: 4, ...lastWeek() }],
    ['merchant + time range (7 d)', 'admin', { merchantId: members.merchants[4], ...lastWeek() }],
    ['exact order code', 'admin', { orderCode: `D${String(g).padStart(9, '0')}` }],
    ['exact merchant order no', 'admin', { merchantOrderId: `PO${g}` }],
    ['amount', 'admin', { amount: (((g * 41) % 40_000) + 500).toFixed(2) }],
    // Payouts carry no UTR: the payee's card number is their exact reference filter.
    ['card number (no UTR on payouts)', 'admin', { cardNumber: String(g % 300_000).padStart(12, '5') }],
    ['page 50 of status filter', 'admin', { payoutStatus: 4, pageIndex: 50 }],
    ['merchant login, no filter', 'merchant', {}],
  ];
}

async function run(app: FastifyInstance, sessions: Record<string, Session>, runs: number, group: string, url: string, cases: [string, string, Query][]): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const [name, role, query] of cases) {
    const call = () => api(app, sessions[role], 'GET', url, { pageIndex: 1, pageSize: 20, ...query });
    figures.push(await timed(group, name, runs, call, (data) => `total ${Number(data.total).toLocaleString('en-US')}`));
  }
  return figures;
}

export async function benchLists(app: FastifyInstance, sessions: Record<string, Session>, runs: number, sizes: { orders: number; payouts: number }, members: Members): Promise<Figure[]> {
  return [
    ...(await run(app, sessions, runs, `GET ${orderApi.list}`, orderApi.list, orderCases(sizes.orders, members))),
    ...(await run(app, sessions, runs, `GET ${payoutApi.list}`, payoutApi.list, payoutCases(sizes.payouts, members))),
  ];
}
