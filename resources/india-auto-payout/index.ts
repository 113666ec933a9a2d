/**
 * India auto payout accounts (/indiaAutoPayout/...): a bank account the platform pays out from
 * automatically through online banking, so it keeps the banking login (secrets, stored encrypted).
 */
import { AMOUNT_LIMITS, type ChannelSpec } from '../receiving-accounts/channel';

export const indiaAutoPayout: ChannelSpec = {
  kind: 'indiaAutoPayout',
  group: 'group.receivingAccounts',
  icon: 'creditCard',
  basePath: '/indiaAutoPayout',
  products: [3024, 3017],
  fields: {
    mode: 'required',
    platformType: 'optional',
    bankName: 'required',
    accountName: 'required',
    cardNumber: 'required',
    ifscCode: 'required',
    upiAccount: 'required',
    bankUserName: 'optional',
    loginPassword: 'optional',
    userCode: 'optional',
    transactionPassword: 'optional',
    ...AMOUNT_LIMITS,
    maxConcurrentOrders: 'optional',
    minAcceptBalance: 'optional',
    freezeAmount: 'optional',
    extendFields: 'optional',
  },
};
