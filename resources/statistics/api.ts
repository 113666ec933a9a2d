/** The statistics and dashboard calls (spec section 7), written once for the admin and the server. */
export const statisticsApi = {
  /** Statistics of a period, grouped (every statistics screen). */
  statistics: '/order/statisticsV2',
  /** The dashboard's three periods: {todayDate, tomorrowDate}, {yesterdayDate, todayDate}, everything. */
  today: '/order/statistics/today',
  yesterday: '/order/statistics/yesterday',
  total: '/order/statistics/total',
  /** Balance statistics: total merchant and code-merchant (supplier) balance. */
  totalBalance: '/user/getTotalBalance',
  /** Ours: whether the platform takes orders (enableService), for every dashboard reader. */
  serviceState: '/home/getServiceState',
} as const;
