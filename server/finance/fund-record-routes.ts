/**
 * Fund records through the entity kit: the ledger rows of members (available and frozen accounts;
 * the platform's own rows have no user and are left out), with the member's and the operator's
 * account names, newest first (index ledger_user_id_idx serves a member's rows). Row scope, filters,
 * paging and the CSV export come from the declaration and the abilities.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { fundRecords as declaration } from '../../resources/fund-records/index.js';
import { FUND_SOURCES } from '../../resources/fund-records/reasons.js';
import { ledgerEntries, users } from '../db/schema/index.js';
import { entityRoutes } from '../crud/routes.js';
import { descending } from '../crud/keyset.js';
import { minorForJson } from '../ledger/ledger.js';

const member = alias(users, 'member');
const operator = alias(users, 'operator');
type LedgerRow = typeof ledgerEntries.$inferSelect;
type Account = { account: string } | null;

/** Rows an order caused carry its code (collection and payout orders share refType 'order'). */
const ORDER_REF = 'order';

export const fundRecordRoutes = entityRoutes({
  declaration,
  table: ledgerEntries,
  joins: [
    { as: 'member', table: member, on: eq(member.id, ledgerEntries.userId) },
    { as: 'operator', table: operator, on: eq(operator.id, ledgerEntries.createdBy) },
  ],
  columns: { memberAccount: member.account, operator: operator.account },
  where: () => isNotNull(ledgerEntries.userId),
  filters: { orderCode: (value) => and(eq(ledgerEntries.refType, ORDER_REF), eq(ledgerEntries.refId, String(value)))! },
  declaredOnly: true,
  orderBy: [descending(ledgerEntries.id)],
  audit: 'fundRecord',
  view: async (_db, rows) =>
    rows.map((selected) => {
      const row = selected.row as LedgerRow;
      const source = (FUND_SOURCES as readonly string[]).includes(row.refType ?? '') ? row.refType : null;
      return {
        id: row.id,
        createdAt: row.createdAt,
        userId: row.userId,
        memberAccount: (selected.member as Account)?.account ?? null,
        reason: row.reason,
        amount: minorForJson(row.amount),
        balanceAfter: row.balanceAfter === null ? null : minorForJson(row.balanceAfter),
        account: row.account,
        source,
        orderCode: row.refType === ORDER_REF ? row.refId : null,
        operator: (selected.operator as Account)?.account ?? null,
        note: row.note,
      };
    }),
});
