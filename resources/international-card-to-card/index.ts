/** International card-to-card receiving accounts (/internationalCardToCard/...): a bank card with IFSC. */
import { AMOUNT_LIMITS, type ChannelSpec } from '../receiving-accounts/channel';

export const internationalCardToCard: ChannelSpec = {
  kind: 'internationalCardToCard',
  group: 'group.receivingAccounts',
  icon: 'creditCard',
  basePath: '/internationalCardToCard',
  products: [1034, 1008, 3001],
  fields: {
    channelType: 'required',
    pageType: 'required',
    bankName: 'required',
    accountName: 'required',
    cardNumber: 'required',
    ifscCode: 'required',
    upiAccount: 'optional',
    ...AMOUNT_LIMITS,
    floatAmount: 'optional',
    maxConcurrentOrders: 'optional',
    minAcceptBalance: 'optional',
    freezeAmount: 'optional',
    extendFields: 'optional',
  },
};
