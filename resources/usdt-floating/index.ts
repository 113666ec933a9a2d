/** USDT floating collection wallets (/uSDTFloating/...): product 3015, amounts float by a few cents to tell payers apart. */
import { defineAccountKind } from '../receiving-accounts/kind';

export const usdtFloating = defineAccountKind({
  kind: 'usdtFloating',
  group: 'group.usdt',
  icon: 'dollar',
  paths: { supplier: '/uSDTFloating/list', admin: '/uSDTFloating/list-admin', customerService: '/uSDTFloating/list-admin/customerService' },
  products: [3015],
  walletBalance: true,
  fields: {
    nickname: 'required',
    walletName: 'required',
    walletAddress: 'required',
    minAmount: 'required',
    maxAmount: 'optional',
    dailyCountLimit: 'required',
    dailyAmountLimit: 'required',
    floatAmount: 'optional',
    maxConcurrentOrders: 'optional',
  },
});
