/**
 * The error log: the admin saves its uncaught errors, unhandled rejections, render errors and failed
 * requests with `POST /save_error_logger` (hand-written: a write-only record of the caller's own,
 * capped so a runaway error cannot fill the table with megabytes), and the error-log page reads
 * them back through the entity kit, with the account that hit each one; whose records a caller
 * reads is the abilities' row scope.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { route } from '../http/route.js';
import { errorLogs, users } from '../db/schema/index.js';
import { errorLogs as declaration } from '../../resources/error-logs/index.js';
import { errorLogApi } from '../../resources/error-logs/api.js';
import { entityRoutes } from '../crud/routes.js';

const ERROR_TYPES = ['error', 'rejection', 'render', 'request', 'chunk'] as const;
type ErrorLogRow = typeof errorLogs.$inferSelect;

const saveErrorLog = route({
  method: 'POST',
  url: errorLogApi.save,
  access: { action: 'create', subject: declaration.name },
  body: z.object({
    type: z.enum(ERROR_TYPES),
    message: z.string().trim().min(1).transform((s) => s.slice(0, 2000)),
    url: z.string().max(2000).optional(),
    stack: z
      .string()
      .optional()
      .transform((s) => s?.slice(0, 8000)),
  }),
  handler: async (ctx) => {
    const [row] = await ctx.db
      .insert(errorLogs)
      .values({ userId: ctx.user.id, type: ctx.body.type, message: ctx.body.message, url: ctx.body.url ?? null, stack: ctx.body.stack ?? null })
      .returning({ id: errorLogs.id });
    await ctx.audit('errorLog.save', row.id);
    return { id: row.id };
  },
});

export const errorLogRoutes = entityRoutes({
  declaration,
  table: errorLogs,
  joins: [{ as: 'user', table: users, on: eq(users.id, errorLogs.userId) }],
  audit: 'errorLog',
  view: async (_db, rows) =>
    rows.map(({ row, user }) => {
      const { id, type, message, url, stack, createdAt, userId } = row as ErrorLogRow;
      return { id, type, message, url, stack, createdAt, userId, account: (user as { account: string } | null)?.account ?? null };
    }),
  extraRoutes: [saveErrorLog],
});
