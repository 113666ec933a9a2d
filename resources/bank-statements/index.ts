/**
 * Transaction records (menu group "transaction records"): what ingest devices sent (bank SMS, web
 * messages, USDT transfers), each with the order it completed. Read-only lists served by the entity
 * kit over server/db/schema/bank-statements.ts; records enter only through the ingest endpoints
 * (server/bank-statements/ingest.ts, docs/ingest.md).
 *
 * SMS: admins and suppliers (a supplier only its own and its agents' accounts) on /bankStatement/list,
 * superAdmin on /bankStatement/list-sa with the device and the raw message. Web messages and USDT:
 * admins, and customer service / technical maintenance read-only on their variant.
 */
import type { ResourceDeclaration } from '../types';
import { bankRecordFields, usdtRecordFields } from './fields';

const readApi = (prefix: string) => ({ list: `${prefix}/getList`, one: `${prefix}/getOne`, export: `${prefix}/export` });

export const bankStatementApi = {
  sms: readApi('/bankStatement'),
  webMessage: readApi('/bankStatement/webMessage'),
  usdt: readApi('/bankStatement/usdtTransaction'),
  /** What devices call (POST, X-Ingest-Token). */
  ingest: { sms: '/ingest/sms', webMessage: '/ingest/webMessage', usdt: '/ingest/usdtTransaction' },
};

export const bankStatements: ResourceDeclaration = {
  name: 'bankStatements',
  parent: 'group.transactionRecords',
  icon: 'message',
  routes: { list: '/bankStatement/list', show: '/bankStatement/list/show/:id' },
  api: bankStatementApi.sms,
  fields: bankRecordFields(['bankStatements', 'bankStatements-sa'], ['bankStatements-sa']),
  variants: [{ name: 'bankStatements-sa', routes: { list: '/bankStatement/list-sa', show: '/bankStatement/list-sa/show/:id' } }],
};

const WEB = '/bankStatement/webMessageRecord-admin';
export const webMessageRecords: ResourceDeclaration = {
  name: 'webMessageRecords',
  parent: 'group.transactionRecords',
  icon: 'mail',
  labels: 'bankStatements',
  routes: { list: WEB, show: `${WEB}/show/:id` },
  api: bankStatementApi.webMessage,
  fields: bankRecordFields(['webMessageRecords', 'webMessageRecords-customerService'], ['webMessageRecords']),
  variants: [{ name: 'webMessageRecords-customerService', routes: { list: `${WEB}/customerService`, show: `${WEB}/customerService/show/:id` } }],
};

const USDT = '/bankStatement/usdtTransactionRecord-admin';
export const usdtTransactions: ResourceDeclaration = {
  name: 'usdtTransactions',
  parent: 'group.transactionRecords',
  icon: 'dollar',
  labels: 'bankStatements',
  routes: { list: USDT, show: `${USDT}/show/:id` },
  api: bankStatementApi.usdt,
  fields: usdtRecordFields(['usdtTransactions', 'usdtTransactions-customerService']),
  variants: [{ name: 'usdtTransactions-customerService', routes: { list: `${USDT}/customerService`, show: `${USDT}/customerService/show/:id` } }],
};
