/**
 * `POST /ingest/monitorLog`: a monitor sends its log lines, up to MAX_LINES per request (a monitor
 * flushes its buffer now and then rather than calling once per line). Every line is the sending
 * monitor's: a line naming another monitorId is refused, and then none of the request's lines is kept.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { monitorLogApi } from '../../resources/monitor-logs/api.js';
import { logPhase } from '../../resources/monitor-logs/index.js';
import { timeText } from '../../resources/common/list-query.js';
import { monitorLogs } from '../db/schema/index.js';
import { fail } from '../errors.js';
import { ingestRoute } from '../ingest/auth.js';

const MAX_LINES = 200;

const optionalText = (max: number) => z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().max(max, 'tooLong').optional());

const logLine = z.object({
  /** Optional: the sender is known by its token; when given it must be the sender's code. */
  monitorId: optionalText(64),
  orderCode: optionalText(64),
  cardNumber: optionalText(32),
  logPhase,
  content: z.string({ error: 'required' }).trim().min(1, 'required').max(4000, 'tooLong'),
  /** When the monitor wrote it, `YYYY-MM-DD HH:mm:ss` in the platform's time zone; default: received now. */
  time: timeText,
});

const monitorLogBatch = z.object({ lines: z.array(logLine).min(1, 'required').max(MAX_LINES, 'tooBig') });

export const monitorLogIngest = ingestRoute({
  url: monitorLogApi.ingestLog,
  kinds: ['monitor'],
  body: monitorLogBatch,
  handler: async ({ db, body, client }) => {
    const stranger = body.lines.find((line) => line.monitorId !== undefined && line.monitorId !== client.code);
    if (stranger) fail('monitorIdMismatch', { monitorId: stranger.monitorId! });
    const rows = await db
      .insert(monitorLogs)
      .values(
        body.lines.map((line) => ({
          clientId: client.id,
          monitorId: client.code,
          orderCode: line.orderCode ?? null,
          cardNumber: line.cardNumber ?? null,
          logPhase: line.logPhase,
          content: line.content,
          loggedAt: line.time ? sql`${line.time}::timestamp::timestamptz` : sql`now()`,
        })),
      )
      .returning({ id: monitorLogs.id });
    return { monitorId: client.code, saved: rows.length };
  },
});
