/**
 * IP rules (system management > IP whitelist, agent management > agent IP whitelist): where
 * enabled rules name an account or its role, that account works only from their addresses.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './core.js';

export const ipRules = pgTable(
  'ip_rules',
  {
    id: serial('id').primaryKey(),
    /** 'platform' (admins' whitelist) or 'agent' (a supplier's whitelist for its agents). */
    kind: text('kind').notNull(),
    /** An IPv4 or IPv6 address or CIDR block, as typed (trimmed, IPv6 lower-cased). */
    address: text('address').notNull(),
    /** The role the rule applies to, or null when it names one account. */
    role: text('role'),
    userId: integer('user_id').references(() => users.id),
    enabled: boolean('enabled').notNull().default(true),
    note: text('note').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ip_rules_one_target', sql`(${t.role} is null) <> (${t.userId} is null)`),
    // Every authenticated request looks up the enabled rules of its account and role.
    index('ip_rules_user_idx').on(t.userId).where(sql`${t.enabled}`),
    index('ip_rules_role_idx').on(t.role).where(sql`${t.enabled}`),
    index('ip_rules_created_idx').on(t.createdAt),
  ],
);
