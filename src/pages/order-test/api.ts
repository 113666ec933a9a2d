/** Calls of the test-order screens: the products to offer, the merchants (admin), placing and following an order or a payout. */
import { get, post } from '../../providers/http';
import { orderApi } from '../../../resources/orders/api';
import { payoutApi } from '../../../resources/payouts/api';
import { profileApi } from '../../../resources/profile';
import { userApi } from '../../../resources/users/api';
import { userProductApi } from '../../../resources/user-products';
import { ORDER_STATUSES, statusCode, type OrderStatus } from '../../../resources/orders/statuses';
import { payoutStateCode, type PayoutState } from '../../../resources/payouts/states';
import type { CreatedOrder } from '../../../resources/order-test/schema';
import type { Option } from '../../components/fields/useOptions';

interface ProductRow {
  productId: number;
  enabled: boolean;
}

/** The order as its list answers it; only what this screen reads. */
export interface FollowedOrder {
  status?: OrderStatus;
  testStatus?: string | null;
  /** A payout's state. */
  payoutState?: PayoutState;
}

/** The status of a detail row, whether it names it by id or by code. */
function statusOf(row: Record<string, unknown>): OrderStatus | undefined {
  const value = row.orderStatusId ?? row.status ?? row.orderStatus;
  if (typeof value === 'number') return statusCode(value);
  return ORDER_STATUSES.find((s) => s.code === value)?.code;
}

/** The enabled products, collection and payout alike: a payout product places a test payout. */
const enabledProducts = (rows: ProductRow[]): number[] => rows.filter((p) => p.enabled).map((p) => p.productId);

/** The row of `orderCode` in one of the caller's own lists (every status shown). */
async function rowOf(url: string, orderCode: string): Promise<Record<string, unknown> | undefined> {
  const { list } = await get<{ list: Record<string, unknown>[] }>(url, { orderCode, pageIndex: 1, pageSize: 10 }, { silent: true });
  return list.find((r) => r.orderCode === orderCode);
}

// The products (the payment channels) and the placing are sent silent: the form tells their failures itself, naming what failed.
const silent = { silent: true };

export const orderTestApi = {
  /** The merchant's own enabled products (its profile). */
  ownProducts: async () => enabledProducts(await get<ProductRow[]>(profileApi.products, undefined, silent)),
  /** A merchant's enabled products, for the admin screen (user product configuration). */
  merchantProducts: async (userId: number) => enabledProducts((await get<{ list: ProductRow[] }>(userProductApi.list!, { userId, pageIndex: 1, pageSize: 100 }, silent)).list),
  merchants: () => get<Option[]>(userApi.calls.userOptions, { role: 'merchant' }),
  /** A payout goes to the test-payout call, which asks for the second-level password (the http layer opens its window). */
  place: (admin: boolean, payout: boolean, body: Record<string, unknown>) =>
    post<CreatedOrder>(payout ? (admin ? orderApi.adminTestPayout : orderApi.testPayout) : admin ? orderApi.adminTestOrder : orderApi.testOrder, body, silent),
  /** An order's status and test status, from the caller's order list. */
  follow: async (orderCode: string): Promise<FollowedOrder> => {
    const row = await rowOf(orderApi.list, orderCode);
    return row ? { status: statusOf(row), testStatus: typeof row.testStatus === 'string' ? row.testStatus : null } : {};
  },
  /** A payout's state, from the caller's payout list (payouts are not rows of the order list). */
  followPayout: async (orderCode: string): Promise<FollowedOrder> => {
    const row = await rowOf(payoutApi.list, orderCode);
    return row ? { payoutState: payoutStateCode(typeof row.payoutStatus === 'number' ? row.payoutStatus : null) } : {};
  },
};
