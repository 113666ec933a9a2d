/**
 * Ingest clients: the devices (phones reading bank SMS, web-message readers, USDT chain watchers)
 * and monitors (online-banking watchers) that feed records into the platform from outside. Each
 * authenticates with its own token, stored only as a hash; a client belongs to a supplier and
 * usually watches one receiving account, so what it sends is read as that account's.
 */
import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const ingestClients = pgTable(
  'ingest_clients',
  {
    id: serial('id').primaryKey(),
    /** 'device' (SMS, web messages, USDT transactions) or 'monitor' (monitor status and logs). */
    kind: text('kind').notNull(),
    /** The id the client is known by in records and logs (a monitor's monitorId). */
    code: text('code').notNull(),
    name: text('name').notNull(),
    supplierId: integer('supplier_id'),
    accountId: integer('account_id'),
    /** sha256 of the token (server/security/passwords.ts hashToken); the token is shown once. */
    tokenHash: text('token_hash').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    lastSeenAt: at('last_seen_at'),
    lastSeenIp: text('last_seen_ip'),
    createdAt: at('created_at').notNull().defaultNow(),
    deletedAt: at('deleted_at'),
  },
  (t) => [uniqueIndex('ingest_clients_token_idx').on(t.tokenHash), uniqueIndex('ingest_clients_code_idx').on(t.code).where(sql`deleted_at is null`)],
);
