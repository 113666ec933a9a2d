/**
 * Fund records: every change of a member's balance, straight from the ledger rows of members
 * (available and frozen accounts), newest first. One declaration, three screens: the admins'
 * (/fundRecord/fundRecordAdmin), its read-only customer-service variant, and the members' own
 * (/fundRecord/fundRecord: a merchant its rows, a supplier its own and its agents', by the
 * abilities' row scope on userId).
 */
import type { FieldDeclaration, ResourceDeclaration } from '../types';
import { userApi } from '../users/api';
import { FUND_SOURCES, LEDGER_REASONS, MEMBER_ACCOUNTS } from './reasons';

const fundRecordApi = { list: '/fundRecord/getList', export: '/fundRecord/export' } as const;

const FUND_RECORDS_CUSTOMER_SERVICE = 'fundRecords-customerService';
const FUND_RECORDS_MEMBER = 'fundRecords-member';
/** Screens that pick any member in the filter (members see only their own rows anyway). */
const STAFF = ['fundRecords', FUND_RECORDS_CUSTOMER_SERVICE];

const FIELDS: FieldDeclaration[] = [
  { name: 'createdAt', type: 'datetime', list: true, filter: 'range', primaryFilter: true, width: 170 },
  { name: 'userId', type: 'enum', options: { api: userApi.calls.userOptions }, filter: 'exact', primaryFilter: true, onlyFor: STAFF },
  { name: 'memberAccount', type: 'text', list: true },
  { name: 'reason', type: 'enum', options: { values: LEDGER_REASONS, labelKey: 'fundRecords.reasons' }, list: true, filter: 'exact', primaryFilter: true },
  { name: 'amount', type: 'money', list: true },
  { name: 'balanceAfter', type: 'money', list: true },
  {
    name: 'account',
    type: 'enum',
    options: { values: MEMBER_ACCOUNTS, labelKey: 'fundRecords.accounts', colors: { member: 'blue', frozen: 'orange' } },
    list: true,
    filter: 'exact',
  },
  { name: 'source', type: 'enum', options: { values: FUND_SOURCES, labelKey: 'fundRecords.sources' }, list: true },
  { name: 'orderCode', type: 'text', list: true, filter: 'exact', primaryFilter: true, copyable: true },
  { name: 'operator', type: 'text', list: true },
  { name: 'note', type: 'text', list: true },
];

export const fundRecords: ResourceDeclaration = {
  name: 'fundRecords',
  parent: 'group.finance',
  icon: 'accountBook',
  routes: { list: '/fundRecord/fundRecordAdmin' },
  api: fundRecordApi,
  fields: FIELDS,
  variants: [
    { name: FUND_RECORDS_CUSTOMER_SERVICE, routes: { list: '/fundRecord/fundRecordAdmin/customerService' } },
    { name: FUND_RECORDS_MEMBER, routes: { list: '/fundRecord/fundRecord' } },
  ],
};
