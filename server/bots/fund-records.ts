/**
 * Bot fund records: read from the ledger, not fed in by the bot (resources/bots/fund-records.ts).
 * The available-account rows of members that a fund-record bot group serves, newest first, with
 * the names of those groups; the group filter keeps one group's rows.
 */
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { botFundRecords as declaration } from '../../resources/bots/fund-records.js';
import { botGroups, ledgerEntries, users } from '../db/schema/index.js';
import { entityRoutes } from '../crud/routes.js';
import { descending } from '../crud/keyset.js';
import { minorForJson } from '../ledger/ledger.js';

const member = alias(users, 'member');
const FUND_RECORD = 'fundRecord';
type LedgerRow = typeof ledgerEntries.$inferSelect;

/** A fund-record group serves the row's member (and is this one, when given). */
const servedBy = (groupId?: number) =>
  sql`exists (select 1 from ${botGroups} where ${botGroups.purpose} = ${FUND_RECORD} and (${botGroups.merchantId} = ${ledgerEntries.userId} or ${botGroups.supplierId} = ${ledgerEntries.userId})${
    groupId === undefined ? sql`` : sql` and ${botGroups.id} = ${groupId}`
  })`;

export const botFundRecordRoutes = entityRoutes({
  declaration,
  table: ledgerEntries,
  joins: [{ as: 'member', table: member, on: eq(member.id, ledgerEntries.userId) }],
  columns: { memberAccount: member.account },
  where: () => and(isNotNull(ledgerEntries.userId), eq(ledgerEntries.account, 'member'), servedBy()),
  filters: { botGroupId: (value) => servedBy(value as number) },
  declaredOnly: true,
  orderBy: [descending(ledgerEntries.id)],
  audit: 'botFundRecord',
  view: async (db, rows) => {
    const userIds = [...new Set(rows.map((r) => r.row.userId as number))];
    const groups = userIds.length
      ? await db
          .select({ name: botGroups.name, merchantId: botGroups.merchantId, supplierId: botGroups.supplierId })
          .from(botGroups)
          .where(and(eq(botGroups.purpose, FUND_RECORD), or(inArray(botGroups.merchantId, userIds), inArray(botGroups.supplierId, userIds))))
      : [];
    return rows.map((selected) => {
      const row = selected.row as LedgerRow;
      return {
        id: row.id,
        createdAt: row.createdAt,
        groupNames: groups
          .filter((g) => g.merchantId === row.userId || g.supplierId === row.userId)
          .map((g) => g.name)
          .join(', '),
        memberAccount: (selected.member as { account: string } | null)?.account ?? null,
        reason: row.reason,
        amount: minorForJson(row.amount),
        balanceAfter: row.balanceAfter === null ? null : minorForJson(row.balanceAfter),
        orderCode: row.refType === 'order' ? row.refId : null,
      };
    });
  },
});
