/**
 * Kenya receiving accounts (/kenya/list-admin and its customer-service variant): mobile-money and
 * bank accounts that admins manage for a supplier. Declared only: no screen or server code of its own.
 */
import { AMOUNT_LIMITS, type ChannelSpec } from '../receiving-accounts/channel';

export const kenya: ChannelSpec = {
  kind: 'kenya',
  group: 'group.kenya',
  icon: 'global',
  basePath: '/kenya',
  supplierScreen: false,
  products: [3024],
  fields: {
    channelType: 'required',
    mode: 'required',
    bankName: 'required',
    accountName: 'required',
    cardNumber: 'required',
    ...AMOUNT_LIMITS,
    floatAmount: 'optional',
    maxConcurrentOrders: 'optional',
    extendFields: 'optional',
  },
};
