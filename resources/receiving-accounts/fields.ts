/**
 * Every field a receiving or payout account may have, declared once. A channel
 * kind picks the ones it uses (see kind.ts). `storage` tells the one server module where a value
 * lives: its own column (amounts, limits and the texts lists filter on), the `extras` JSON of the
 * row, or the encrypted `secrets` JSON. A new field is one entry here and a label in the locales.
 */
import type { FieldDeclaration } from '../types';
import { CHANNEL_TYPES, MODES, PAGE_TYPES, PLATFORM_TYPES } from './options';
import { cardNumber, choice, floatCents, ifsc, integer, minorUnits, name, secret, text, upiId, walletAddress, type Rule } from './rules';

type Storage = 'column' | 'extra' | 'secret';

export interface AccountField {
  field: Omit<FieldDeclaration, 'name'>;
  storage: Storage;
  rule: Rule;
}

const labels = 'receivingAccounts.options';
const shown = { list: true, show: true, create: true, edit: true } as const;
const detail = { show: true, create: true, edit: true } as const;
const money = { type: 'money', integerUnits: true } as const;

export const ACCOUNT_FIELDS = {
  channelType: { storage: 'extra', rule: choice(CHANNEL_TYPES), field: { type: 'enum', options: { values: CHANNEL_TYPES, labelKey: `${labels}.channelType` }, filter: 'exact', ...shown } },
  mode: { storage: 'extra', rule: choice(MODES), field: { type: 'enum', options: { values: MODES, labelKey: `${labels}.mode` }, ...shown } },
  pageType: { storage: 'extra', rule: choice(PAGE_TYPES), field: { type: 'enum', options: { values: PAGE_TYPES, labelKey: `${labels}.pageType` }, ...detail } },
  platformType: { storage: 'extra', rule: choice(PLATFORM_TYPES), field: { type: 'enum', options: { values: PLATFORM_TYPES, labelKey: `${labels}.platformType` }, ...detail } },
  channelId: { storage: 'extra', rule: text(64), field: { type: 'text', ...shown } },
  bankName: { storage: 'column', rule: name(128), field: { type: 'text', filter: 'contains', ...shown } },
  accountName: { storage: 'column', rule: name(128), field: { type: 'text', filter: 'contains', ...shown } },
  cardNumber: { storage: 'column', rule: cardNumber, field: { type: 'text', normalize: 'compact', filter: 'contains', copyable: true, ...shown } },
  ifscCode: { storage: 'column', rule: ifsc, field: { type: 'text', normalize: 'upper', ...shown } },
  upiAccount: { storage: 'column', rule: upiId, field: { type: 'text', filter: 'contains', hint: 'receivingAccounts.hints.upiAccount', ...shown } },
  bankUserName: { storage: 'extra', rule: name(128), field: { type: 'text', ...detail } },
  loginPassword: { storage: 'secret', rule: secret, field: { type: 'secret', ...detail } },
  userCode: { storage: 'secret', rule: secret, field: { type: 'secret', ...detail } },
  transactionPassword: { storage: 'secret', rule: secret, field: { type: 'secret', ...detail } },
  nickname: { storage: 'column', rule: name(64), field: { type: 'text', filter: 'contains', ...shown } },
  walletName: { storage: 'extra', rule: name(128), field: { type: 'text', ...shown } },
  walletAddress: { storage: 'column', rule: walletAddress, field: { type: 'text', normalize: 'compact', filter: 'contains', copyable: true, hint: 'receivingAccounts.hints.walletAddress', ...shown } },
  minAmount: { storage: 'column', rule: minorUnits(1), field: { ...money, ...shown } },
  /** Blank: no upper limit. */
  maxAmount: { storage: 'column', rule: minorUnits(1), field: { ...money, ...shown } },
  dailyCountLimit: { storage: 'column', rule: integer(1, 1_000_000), field: { type: 'number', ...shown } },
  dailyAmountLimit: { storage: 'column', rule: minorUnits(1), field: { ...money, ...shown } },
  floatAmount: { storage: 'column', rule: floatCents, field: { type: 'number', ...detail } },
  /** A maximum order count must not exceed 500. */
  maxConcurrentOrders: { storage: 'column', rule: integer(1, 500), field: { type: 'number', ...detail } },
  minAcceptBalance: { storage: 'column', rule: minorUnits(0), field: { ...money, ...detail } },
  freezeAmount: { storage: 'column', rule: minorUnits(0), field: { ...money, ...detail } },
  extendFields: { storage: 'extra', rule: text(2000), field: { type: 'text', multiline: true, ...detail } },
} satisfies Record<string, AccountField>;

export type AccountFieldName = keyof typeof ACCOUNT_FIELDS;
export const isAccountField = (name: string): name is AccountFieldName => name in ACCOUNT_FIELDS;
