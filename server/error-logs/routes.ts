/**
 * The error log: the admin saves its uncaught errors, unhandled rejections, render errors and failed
 * requests with `POST /save_error_logger` (hand-written: a write-only record of the caller's own,
 * each field bounded and each user's saves rate-limited, so no signed-in user can fill the table
 * through it; the admin keeps what it could not save in its local log), and the error-log page reads
 * them back through the entity kit, with the account that hit each one; whose records a caller
 * reads is the abilities' row scope.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { route } from '../http/route.js';
import { errorLogs, users } from '../db/schema/index.js';
import { errorLogs as declaration } from '../../resources/error-logs/index.js';
import { ERROR_LOG_LIMITS, errorLogApi } from '../../resources/error-logs/api.js';
import { isHttpUrl } from '../../resources/common/identifiers.js';
import { entityRoutes } from '../crud/routes.js';

const ERROR_TYPES = ['error', 'rejection', 'render', 'request', 'chunk'] as const;
/** Saves per user: a burst of errors from a broken screen fits, a script filling the table does not. */
const SAVES_PER_MINUTE = 20;
const SAVES_PER_DAY = 500;
type ErrorLogRow = typeof errorLogs.$inferSelect;

const saveErrorLog = route({
  method: 'POST',
  url: errorLogApi.save,
  access: { action: 'create', subject: declaration.name },
  userRateLimit: [
    { max: SAVES_PER_MINUTE, minutes: 1 },
    { max: SAVES_PER_DAY, minutes: 24 * 60 },
  ],
  body: z.object({
    type: z.enum(ERROR_TYPES),
    message: z.string().trim().min(1).max(ERROR_LOG_LIMITS.message),
    // The admin page the error happened on (its location.href).
    url: z.string().max(ERROR_LOG_LIMITS.url).refine(isHttpUrl, 'format').optional(),
    stack: z.string().max(ERROR_LOG_LIMITS.stack).optional(),
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
