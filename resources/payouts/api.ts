/** Every payout call, written once for the admin and the server (spec section 7 for the claims; ours where it names none). */
export const payoutApi = {
  // The lists and the pool (the waiting payouts no supplier holds).
  list: '/payProxyOrder/getList',
  poolList: '/payProxyOrder/getPoolList',
  // ours: the filtered list as CSV (the list's query and row scope).
  exportList: '/payProxyOrder/exportList',
  exportPoolList: '/payProxyOrder/exportPoolList',
  one: '/payProxyOrder/getDetail',
  // Row actions of operators.
  reselect: '/payProxyOrder/reselect',
  reject: '/payProxyOrder/reject',
  retry: '/payProxyOrder/retry',
  release: '/payProxyOrder/release',
  cancel: '/payProxyOrder/cancel',
  reverse: '/payProxyOrder/reverse',
  updateMark: '/payProxyOrder/updateMark',
  repairStatus: '/payProxyOrder/updateStatus',
  // A supplier's claims (spec section 7): POST with the order's id in the query string.
  claim: '/payoutOrderClaim/claimOrder',
  cancelClaim: '/payoutOrderClaim/cancelClaim',
} as const;
