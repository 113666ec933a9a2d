/**
 * Idempotency keys of balance-moving requests (Idempotency-Key header): the first answer to a key,
 * kept so a repeat with the same body replays it instead of acting twice. Written in the request's
 * own transaction, so a key exists exactly when its request's effects were committed.
 */
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    key: text('key').notNull(),
    /** Method, path and a hash of the query and body: the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('idempotency_keys_user_key_idx').on(t.userId, t.key), index('idempotency_keys_created_idx').on(t.createdAt)],
);
