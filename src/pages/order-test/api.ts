/** Calls of the test-order screens: the products to offer, the merchants (admin), placing and following an order. */
import { get, post } from '../../providers/http';
import { orderApi } from '../../../resources/orders/api';
import { profileApi } from '../../../resources/profile';
import { userApi } from '../../../resources/users/api';
import { userProductApi } from '../../../resources/user-products';
import { isPayoutProduct } from '../../../resources/products/catalogue';
import { ORDER_STATUSES, statusCode, type OrderStatus } from '../../../resources/orders/statuses';
import type { CreatedOrder } from '../../../resources/order-test/schema';
import type { Option } from '../../components/fields/useOptions';

interface ProductRow {
  productId: number;
  enabled: boolean;
}

/** The order as the list answers it; only what this screen reads. */
export interface FollowedOrder {
  status?: OrderStatus;
  testStatus?: string | null;
}

/** The status of a detail row, whether it names it by id or by code. */
function statusOf(row: Record<string, unknown>): OrderStatus | undefined {
  const value = row.orderStatusId ?? row.status ?? row.orderStatus;
  if (typeof value === 'number') return statusCode(value);
  return ORDER_STATUSES.find((s) => s.code === value)?.code;
}

/** The enabled products a test order may use, and the enabled payout products the screen names as not tested here. */
interface TestProducts {
  testable: number[];
  payouts: number[];
}

// Collection products only: the server refuses a test payout (it would pay out the merchant's real balance).
function enabledProducts(rows: ProductRow[]): TestProducts {
  const enabled = rows.filter((p) => p.enabled).map((p) => p.productId);
  return { testable: enabled.filter((id) => !isPayoutProduct(id)), payouts: enabled.filter(isPayoutProduct) };
}

export const orderTestApi = {
  /** The merchant's own enabled products (its profile). */
  ownProducts: async () => enabledProducts(await get<ProductRow[]>(profileApi.products)),
  /** A merchant's enabled products, for the admin screen (user product configuration). */
  merchantProducts: async (userId: number) => enabledProducts((await get<{ list: ProductRow[] }>(userProductApi.list!, { userId, pageIndex: 1, pageSize: 100 })).list),
  merchants: () => get<Option[]>(userApi.calls.userOptions, { role: 'merchant' }),
  place: (admin: boolean, body: Record<string, unknown>) => post<CreatedOrder>(admin ? orderApi.adminTestOrder : orderApi.testOrder, body),
  /** The order's row in the caller's own order list (every status shown), found by its code. */
  follow: async (orderCode: string): Promise<FollowedOrder> => {
    const { list } = await get<{ list: Record<string, unknown>[] }>(orderApi.list, { orderCode, pageIndex: 1, pageSize: 10 }, { silent: true });
    const row = list.find((r) => r.orderCode === orderCode);
    return row ? { status: statusOf(row), testStatus: typeof row.testStatus === 'string' ? row.testStatus : null } : {};
  },
};
