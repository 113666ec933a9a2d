/**
 * Versioned scripts (system management): the dynamic pay scripts the platform's external pay runner
 * executes and the script the monitors run (`kind` tells them apart). Text is never overwritten:
 * each save appends a version and moves `current_version`. This server stores and shows scripts,
 * it never executes them.
 */
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const scripts = pgTable(
  'scripts',
  {
    id: serial('id').primaryKey(),
    /** 'pay' (dynamic pay script) or 'monitor' (the monitors' script). */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    /** The product or channel the script is for (free text: a product code, a channel name). */
    target: text('target').notNull().default(''),
    language: text('language').notNull().default('javascript'),
    enabled: boolean('enabled').notNull().default(true),
    currentVersion: integer('current_version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('scripts_kind_name_idx').on(t.kind, t.name)],
);

export const scriptVersions = pgTable(
  'script_versions',
  {
    id: serial('id').primaryKey(),
    scriptId: integer('script_id').notNull(),
    version: integer('version').notNull(),
    text: text('text').notNull(),
    authorId: integer('author_id'),
    authorName: text('author_name').notNull().default(''),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('script_versions_script_version_idx').on(t.scriptId, t.version)],
);

/**
 * Calls the external pay runner made with a pay script (the call records screen). Read-only on
 * screen: the runner appends rows through POST /ingest/payScriptCall (server/scripts/call-ingest.ts);
 * the demo seed writes a few (server/scripts/seed.ts).
 */
export const payScriptCalls = pgTable(
  'pay_script_calls',
  {
    id: serial('id').primaryKey(),
    scriptId: integer('script_id').notNull(),
    version: integer('version').notNull(),
    orderCode: text('order_code').notNull().default(''),
    request: text('request').notNull().default(''),
    response: text('response').notNull().default(''),
    durationMs: integer('duration_ms').notNull().default(0),
    success: boolean('success').notNull(),
    /** The ingest client (a pay runner) that reported the call; null for the demo rows. */
    clientId: integer('client_id'),
    /** The runner's own id of the call: one record per runner and id, so a report sent again changes nothing. */
    externalId: text('external_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pay_script_calls_created_idx').on(t.createdAt),
    index('pay_script_calls_script_idx').on(t.scriptId, t.createdAt),
    uniqueIndex('pay_script_calls_external_idx').on(t.clientId, t.externalId),
  ],
);
