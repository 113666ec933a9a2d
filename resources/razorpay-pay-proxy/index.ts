/** Razorpay payout proxy accounts (/razorpayPayProxy/...): a gateway channel that pays out for the supplier. */
import { defineAccountKind } from '../receiving-accounts/kind';

export const razorpayPayProxy = defineAccountKind({
  kind: 'razorpayPayProxy',
  group: 'group.receivingAccounts',
  icon: 'send',
  paths: { supplier: '/razorpayPayProxy/list', admin: '/razorpayPayProxy/list-admin', customerService: '/razorpayPayProxy/list-admin/customerService' },
  products: [3024],
  fields: {
    channelType: 'required',
    mode: 'required',
    channelId: 'required',
    accountName: 'required',
    loginPassword: 'optional',
    minAmount: 'required',
    maxAmount: 'optional',
    dailyCountLimit: 'required',
    dailyAmountLimit: 'required',
    maxConcurrentOrders: 'optional',
    freezeAmount: 'optional',
    extendFields: 'optional',
  },
});
