/** Razorpay payout proxy accounts (/razorpayPayProxy/...): a gateway channel that pays out for the supplier. */
import { AMOUNT_LIMITS, type ChannelSpec } from '../receiving-accounts/channel';

export const razorpayPayProxy: ChannelSpec = {
  kind: 'razorpayPayProxy',
  group: 'group.receivingAccounts',
  icon: 'send',
  basePath: '/razorpayPayProxy',
  products: [3024, 3017],
  fields: {
    channelType: 'required',
    mode: 'required',
    channelId: 'required',
    accountName: 'required',
    loginPassword: 'optional',
    ...AMOUNT_LIMITS,
    maxConcurrentOrders: 'optional',
    freezeAmount: 'optional',
    extendFields: 'optional',
  },
};
