/** International card-to-card receiving accounts (/internationalCardToCard/...): a bank card with IFSC. */
import { defineAccountKind } from '../receiving-accounts/kind';

export const internationalCardToCard = defineAccountKind({
  kind: 'internationalCardToCard',
  group: 'group.receivingAccounts',
  icon: 'creditCard',
  paths: { supplier: '/internationalCardToCard/list', admin: '/internationalCardToCard/list-admin', customerService: '/internationalCardToCard/list-admin/customerService' },
  products: [1034, 1008, 3001],
  fields: {
    channelType: 'required',
    pageType: 'required',
    bankName: 'required',
    accountName: 'required',
    cardNumber: 'required',
    ifscCode: 'required',
    upiAccount: 'optional',
    minAmount: 'required',
    maxAmount: 'optional',
    dailyCountLimit: 'required',
    dailyAmountLimit: 'required',
    floatAmount: 'optional',
    maxConcurrentOrders: 'optional',
    minAcceptBalance: 'optional',
    freezeAmount: 'optional',
    extendFields: 'optional',
  },
});
