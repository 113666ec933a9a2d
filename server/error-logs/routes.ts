/**
 * `POST /save_error_logger` (spec sections 7 and 8): the admin saves its uncaught errors, unhandled
 * rejections, render errors and failed requests here. Texts are capped so a runaway error cannot
 * fill the table with megabytes.
 */
import { z } from 'zod';
import { route } from '../http/route.js';
import { errorLogs } from '../db/schema/index.js';

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

export const errorLogRoutes = [saveErrorLog];
