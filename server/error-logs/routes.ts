/**
 * `POST /save_error_logger`: the admin saves its uncaught errors, unhandled
 * rejections, render errors and failed requests here. Texts are capped so a runaway error cannot
 * fill the table with megabytes. `GET /errorLog/getList` reads them back for the error-log page,
 * with the account that hit each one; whose records a caller reads is the abilities' row scope.
 */
import { desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { route } from '../http/route.js';
import { errorLogs, users } from '../db/schema/index.js';
import { pageSizeOf, paging } from '../../resources/common/rules.js';
import { rowScope } from '../../providers/ability-engine.js';

export const ERROR_TYPES = ['error', 'rejection', 'render', 'request', 'chunk'] as const;

export const saveErrorLog = route({
  method: 'POST',
  url: '/save_error_logger',
  access: { action: 'create', subject: 'errorLogs' },
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

export const listErrorLogs = route({
  method: 'GET',
  url: '/errorLog/getList',
  access: { action: 'list', subject: 'errorLogs' },
  query: z.object(paging),
  handler: async ({ db, query, ability }) => {
    const scope = rowScope(ability, 'list', 'errorLogs');
    // Fails closed: a scope on any field but userId (or none at all) matches no row.
    const filter = scope === null ? undefined : inArray(errorLogs.userId, (scope && scope.userId) || []);
    const size = pageSizeOf(query);
    const [list, total] = await Promise.all([
      db
        .select({ id: errorLogs.id, type: errorLogs.type, message: errorLogs.message, url: errorLogs.url, stack: errorLogs.stack, createdAt: errorLogs.createdAt, userId: errorLogs.userId, account: users.account })
        .from(errorLogs)
        .leftJoin(users, eq(users.id, errorLogs.userId))
        .where(filter)
        .orderBy(desc(errorLogs.id))
        .limit(size)
        .offset((query.pageIndex - 1) * size),
      db.$count(errorLogs, filter),
    ]);
    return { list, total };
  },
});

export const errorLogRoutes = [saveErrorLog, listErrorLogs];
