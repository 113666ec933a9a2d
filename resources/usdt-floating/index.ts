/** USDT floating collection wallets (/uSDTFloating/...): product 3015, amounts float by a few cents to tell payers apart. */
import { AMOUNT_LIMITS, type ChannelSpec } from '../receiving-accounts/channel';

export const usdtFloating: ChannelSpec = {
  kind: 'usdtFloating',
  group: 'group.usdt',
  icon: 'dollar',
  basePath: '/uSDTFloating',
  products: [3015],
  walletBalance: true,
  fields: {
    nickname: 'required',
    walletName: 'required',
    walletAddress: 'required',
    ...AMOUNT_LIMITS,
    floatAmount: 'optional',
    maxConcurrentOrders: 'optional',
  },
};
