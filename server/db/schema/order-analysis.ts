/**
 * Order analysis: how often each client IP asks for orders and opens pay pages (one row per IP,
 * minute, kind and merchant, bumped by one upsert and purged after DataClearCycle days), and the
 * IPs frozen for abnormal activity, automatically or by hand, with their history.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const ipRequests = pgTable(
  'ip_requests',
  {
    ip: text('ip').notNull(),
    /** The minute the requests fell in (truncated). */
    minute: at('minute').notNull(),
    /** REQUEST_KINDS of resources/order-analysis/api.ts: an order-creation request or a pay-page visit. */
    kind: text('kind').notNull(),
    /** The merchant the request was for (the order's merchant for a pay-page visit). */
    merchantId: integer('merchant_id').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ip, t.minute, t.kind, t.merchantId] }), index('ip_requests_minute_idx').on(t.minute)],
);

export const frozenIps = pgTable(
  'frozen_ips',
  {
    id: serial('id').primaryKey(),
    ip: text('ip').notNull(),
    /** FREEZE_SOURCES: 'auto' (over perMinuteFreqCount) or 'manual'. */
    source: text('source').notNull(),
    /** Why: the operator's reason; for an automatic freeze, none (requestCount tells). */
    reason: text('reason'),
    /** Order-creation requests seen in the minute that froze it (automatic freezes). */
    requestCount: integer('request_count'),
    /**
     * Whose orders the freeze holds for: an automatic freeze, the merchant whose creation requests
     * named the address (a merchant reports its payers' addresses, so it can freeze one only for
     * itself); null, every merchant (a freeze by hand).
     */
    merchantId: integer('merchant_id'),
    /** Who froze it (account name; null: the system) and when. */
    frozenBy: text('frozen_by'),
    frozenAt: at('frozen_at').notNull().defaultNow(),
    /** Set when it is unfrozen: the row stays as history. */
    unfrozenBy: text('unfrozen_by'),
    unfrozenAt: at('unfrozen_at'),
    unfreezeReason: text('unfreeze_reason'),
  },
  (t) => [
    // At most one freeze in force per IP and merchant (or for every merchant); the refusal checks look it up by this index.
    uniqueIndex('frozen_ips_active_idx')
      .on(t.ip, sql`coalesce(${t.merchantId}, 0)`)
      .where(sql`unfrozen_at is null`),
    index('frozen_ips_frozen_at_idx').on(t.frozenAt),
  ],
);
