/**
 * Monitors (ingest clients of kind 'monitor': programs watching a receiving account's online
 * banking) and what they report: their status with its exception labels, one row per monitor, and
 * their log lines, read by operators on the monitor log screen.
 */
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { ingestClients } from './ingest.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A monitor's resource labels: status, exception info, total exception count, last exception. */
export const monitorStates = pgTable('monitor_states', {
  clientId: integer('client_id')
    .primaryKey()
    .references(() => ingestClients.id),
  /** resources/monitors/statuses.ts: starting, running, stopping, stopped, disconnected. */
  status: text('status').notNull(),
  /** The exception of the latest report, if it carried one (cleared by a report without). */
  exceptionInfo: text('exception_info'),
  exceptionCount: integer('exception_count').notNull().default(0),
  lastExceptionAt: at('last_exception_at'),
  lastException: text('last_exception'),
  /** When the monitor last reported its status: the disconnect job compares it with MonitorLiveTime. */
  reportedAt: at('reported_at').notNull(),
  changedAt: at('changed_at').notNull(),
});

/** Log lines of monitors, newest first on screen; each filter of the screen has its index. */
export const monitorLogs = pgTable(
  'monitor_logs',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => ingestClients.id),
    /** The monitor's code (its monitorId), kept with the line so the list filters without a join. */
    monitorId: text('monitor_id').notNull(),
    orderCode: text('order_code'),
    cardNumber: text('card_number'),
    logPhase: text('log_phase').notNull(),
    content: text('content').notNull(),
    /** When the monitor wrote the line (its clock); receivedAt is ours. */
    loggedAt: at('logged_at').notNull(),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (t) => [
    index('monitor_logs_monitor_idx').on(t.monitorId, t.id),
    index('monitor_logs_order_idx').on(t.orderCode, t.id),
    index('monitor_logs_card_idx').on(t.cardNumber, t.id),
    index('monitor_logs_phase_idx').on(t.logPhase, t.id),
    index('monitor_logs_logged_idx').on(t.loggedAt),
  ],
);
