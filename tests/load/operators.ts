/**
 * What the operators of a load run do, one kind of work per autocannon instance so each kind has its
 * own latency figures: the order list as it opens, the list with filters, an order's detail, the
 * admin's supplement of a fresh order (money moves through the ledger), and the dashboard's side
 * calls (statistics, messages, payouts). Each connection is one operator with a session of its own.
 */
import { orderApi } from '../../resources/orders/api.js';
import { payoutApi } from '../../resources/payouts/api.js';
import { statisticsApi } from '../../resources/statistics/api.js';

export type OperatorRole = 'admin' | 'customerService' | 'merchant' | 'supplier';
export interface Call {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

/** What the runs share: the codes of orders placed so far, and those waiting for a supplement. */
export class OrderPool {
  private readonly recent: string[] = [];
  readonly toSupplement: string[] = [];

  add(orderCode: string, supplement: boolean) {
    this.recent.push(orderCode);
    if (this.recent.length > 200) this.recent.shift();
    if (supplement) this.toSupplement.push(orderCode);
  }

  any(): string | undefined {
    return this.recent[Math.floor(Math.random() * this.recent.length)];
  }
}

const v1 = (path: string, query: Record<string, string | number> = {}) => {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return `/v1.0${path}${search.size ? `?${search}` : ''}`;
};
/** A time as the admin sends it (UTC here: both databases of a run are in UTC). */
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString().slice(0, 19).replace('T', ' ');
const page = { pageIndex: 1, pageSize: 20, notInOrderStatusIds: 10 };
let turn = 0;
const pick = <T>(items: T[]): T => items[turn++ % items.length];

export interface OperatorKind {
  name: string;
  /** Share of the operators doing this kind of work. */
  share: number;
  roles: OperatorRole[];
  /** Its calls move money: its sessions also log in at the second level (token2). */
  secondLevel?: true;
  next(pool: OrderPool): Call;
}

export const OPERATOR_KINDS: OperatorKind[] = [
  { name: 'list', share: 0.3, roles: ['admin', 'customerService', 'merchant', 'supplier'], next: () => ({ method: 'GET', path: v1(orderApi.list, page) }) },
  {
    name: 'filter',
    share: 0.3,
    roles: ['admin', 'customerService', 'merchant', 'supplier'],
    next: (pool) => {
      const code = pool.any();
      const filters: Record<string, string | number>[] = [
        { orderStatusId: 2 },
        { startTime: minutesAgo(5), endTime: minutesAgo(-1) },
        { orderStatusId: 13, startTime: minutesAgo(60), endTime: minutesAgo(-1) },
        { amount: '100.00' },
        ...(code ? [{ orderCode: code }] : []),
      ];
      return { method: 'GET', path: v1(orderApi.list, { ...page, ...pick(filters) }) };
    },
  },
  {
    name: 'detail',
    share: 0.16,
    roles: ['admin', 'customerService', 'merchant', 'supplier'],
    next: (pool) => {
      const code = pool.any();
      return code ? { method: 'GET', path: v1(orderApi.one, { orderCode: code }) } : { method: 'GET', path: v1(orderApi.list, page) };
    },
  },
  {
    name: 'supplement',
    share: 0.12,
    roles: ['admin'],
    secondLevel: true,
    next: (pool) => {
      const code = pool.toSupplement.shift();
      // Nothing waiting yet: the admin looks at the list meanwhile.
      if (!code) return { method: 'GET', path: v1(orderApi.list, { ...page, orderStatusId: 2 }) };
      return { method: 'POST', path: v1(orderApi.supplement), body: { orderCode: code, utr: `LOAD${code}` } };
    },
  },
  {
    name: 'dashboard',
    share: 0.12,
    roles: ['admin', 'customerService'],
    next: () =>
      pick<Call>([
        { method: 'GET', path: v1(statisticsApi.today) },
        { method: 'GET', path: v1('/message/init') },
        { method: 'GET', path: v1(payoutApi.list, { pageIndex: 1, pageSize: 20 }) },
        { method: 'GET', path: v1(statisticsApi.serviceState) },
      ]),
  },
];

/** `total` operators shared out by kind (each kind at least one), summing to `total`. */
export function shareOut(total: number): number[] {
  if (total < OPERATOR_KINDS.length) throw new Error(`a load run needs at least ${OPERATOR_KINDS.length} operators, one per kind of work`);
  const counts = OPERATOR_KINDS.map((k) => Math.max(1, Math.floor(k.share * total)));
  // What rounding left over (or took too much) goes to the biggest kinds, never below one each.
  for (let i = 0; counts.reduce((a, b) => a + b, 0) !== total; i = (i + 1) % counts.length) {
    const surplus = counts.reduce((a, b) => a + b, 0) - total;
    if (surplus < 0) counts[i]++;
    else if (counts[i] > 1) counts[i]--;
  }
  return counts;
}
