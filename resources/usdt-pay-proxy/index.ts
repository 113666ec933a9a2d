/** USDT payout wallets (/uSDTPayProxy/...): product 3016, paid out from the wallet's balance. */
import { defineAccountKind } from '../receiving-accounts/kind';

export const usdtPayProxy = defineAccountKind({
  kind: 'usdtPayProxy',
  group: 'group.usdt',
  icon: 'dollar',
  paths: { supplier: '/uSDTPayProxy/list', admin: '/uSDTPayProxy/list-admin', customerService: '/uSDTPayProxy/list-admin/customerService' },
  products: [3016],
  walletBalance: true,
  fields: {
    nickname: 'required',
    walletName: 'required',
    walletAddress: 'required',
    transactionPassword: 'optional',
    minAmount: 'required',
    maxAmount: 'optional',
    dailyCountLimit: 'required',
    dailyAmountLimit: 'required',
    maxConcurrentOrders: 'optional',
  },
});
