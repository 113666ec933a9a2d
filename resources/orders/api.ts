/** Every order call, written once for the admin and the server (spec section 7; ours where it names none). */
export const orderApi = {
  // On the order host (the merchant's system calls these, signed with its key).
  create: '/api/order/create',
  createBatch: '/api/order/createBatch',
  // Lists and lookups.
  list: '/order/getList',
  // ours: the filtered list as CSV (the list's query and row scope).
  exportList: '/order/exportList',
  one: '/order/getDetail',
  statusList: '/order/getOrderStatusList',
  markList: '/order/getOrderMarkList',
  uploadFlag: '/order/orderUploadFlag',
  lastOrder: '/order/getLastOrder',
  allocateInfo: '/order/getOrderAllocateInfo',
  profile: '/order/profile',
  // Row actions.
  supplement: '/order/replenishmentOrder',
  confirm: '/order/confirmOrder',
  reselect: '/order/reselect',
  reject: '/order/reject',
  freeResource: '/order/freeResource',
  callback: '/order/callback',
  reverse: '/order/reverseOrder',
  lock: '/order/lockOrder',
  unlock: '/order/unlockOrder',
  updateMark: '/order/updateOrderMark',
  repairStatus: '/order/updateOrderStatus',
  retry: '/order/retryOrder',
  release: '/order/releaseOrder',
  // Test orders placed from the admin: signed on the server for the caller (never shipping a key).
  testOrder: '/order/testOrder',
  adminTestOrder: '/order/testAdminOrder',
  // ours: test payouts, real ones on the merchant's balance, so behind the second-level password.
  testPayout: '/order/testPayout',
  adminTestPayout: '/order/testAdminPayout',
  // ours: a merchant's batch file uploaded in the admin (its session, not its key, says who it is).
  merchantBatch: '/order/createBatch',
} as const;

export const orderCallbackApi = {
  list: '/orderCallBack/getList',
  delete: '/orderCallBack/delete',
  detailList: '/orderCallBack/getDetailList',
} as const;

/** The payer's pages as the server mounts them (outside /v1.0: no admin session). */
export const payOrderRoutes = {
  page: '/pay/order/:orderCode',
  /** The short form of the same page (IsNewPayUrl on); both paths are served whatever the setting. */
  shortPage: '/p/:orderCode',
  submitUtr: '/pay/order/:orderCode/utr',
} as const;

/** The payer's public pay page (outside /v1.0: no admin session), by order code. */
export const payOrderPath = (orderCode: string) => `/pay/order/${encodeURIComponent(orderCode)}`;
/** The short form of the same page (IsNewPayUrl on); both paths are served whatever the setting. */
export const shortPayOrderPath = (orderCode: string) => `/p/${encodeURIComponent(orderCode)}`;
