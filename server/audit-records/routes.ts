/**
 * The audit log's list and CSV export, from its declaration (resources/audit-records). No route
 * changes an audit row: the declaration has no create, edit or delete call, and the table refuses
 * UPDATE, DELETE and TRUNCATE (migration 0008).
 */
import { eq } from 'drizzle-orm';
import { auditRecords as declaration } from '../../resources/audit-records/index.js';
import { auditRecords, users } from '../db/schema/index.js';
import { entityRoutes } from '../crud/routes.js';

type AuditRow = typeof auditRecords.$inferSelect;

export const auditRecordRoutes = entityRoutes({
  declaration,
  table: auditRecords,
  joins: [{ as: 'user', table: users, on: eq(users.id, auditRecords.userId) }],
  columns: { actionText: auditRecords.action },
  filters: { result: (value) => eq(auditRecords.success, value === 'success') },
  audit: 'auditRecord',
  view: async (_db, rows) =>
    rows.map(({ row, user }) => {
      const { id, createdAt, userId, account, ip, type, action, target, success, errorCode, errorMsg, before, after } = row as AuditRow;
      return {
        id,
        createdAt,
        userId,
        // Rows written before the account was kept name their user's current account.
        account: account ?? (user as { account: string } | null)?.account ?? null,
        ip,
        type,
        action,
        target,
        result: success ? 'success' : 'failure',
        errorMsg: errorCode === null ? null : `${errorCode} ${errorMsg ?? ''}`.trim(),
        before,
        after,
      };
    }),
});
