/** USDT payout wallets (/uSDTPayProxy/...): product 3016, paid out from the wallet's balance. */
import { AMOUNT_LIMITS, type ChannelSpec } from '../receiving-accounts/channel';

export const usdtPayProxy: ChannelSpec = {
  kind: 'usdtPayProxy',
  group: 'group.usdt',
  icon: 'dollar',
  basePath: '/uSDTPayProxy',
  products: [3016],
  walletBalance: true,
  fields: {
    nickname: 'required',
    walletName: 'required',
    walletAddress: 'required',
    transactionPassword: 'optional',
    ...AMOUNT_LIMITS,
    maxConcurrentOrders: 'optional',
  },
};
