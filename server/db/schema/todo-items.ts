/**
 * To-do items: changes held for an admin's review while a review switch is on (a supplier's new
 * receiving account, a supplier's changes to its agents), and a supplier's settlements in its own
 * favour (its batch's confirmation or result file; an order confirmation that costs it nothing).
 * The request is kept as validated, its secrets encrypted, and replayed through the same route
 * when a reviewer approves it.
 */
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const todoItems = pgTable(
  'todo_items',
  {
    id: serial('id').primaryKey(),
    /** What is asked: TODO_KINDS of resources/todo-items/index.ts (accountCreate, agentCreate, ..., batchConfirm). */
    kind: text('kind').notNull(),
    /** The API path whose handler applies the change on approval (/receivingAccount/cardToCard/add). */
    call: text('call').notNull(),
    /** The receiving-account channel (kind) of an account change; null for agent changes. */
    channel: text('channel'),
    /** What the change is about, as lists name it (the account holder and card, the agent's account name, the order code, the batch number). */
    subject: text('subject').notNull().default(''),
    submitterId: integer('submitter_id').notNull(),
    /** The validated request; the fields named in `secretFields` are encrypted (server/security/secrets.ts). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    secretFields: jsonb('secret_fields').$type<string[]>().notNull().default([]),
    /** What lists show of the request: the payload with every secret masked. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    /** 'pending' | 'approved' | 'rejected'; leaves 'pending' once, by a conditional update. */
    state: text('state').notNull().default('pending'),
    /** A rejection's reason. */
    reason: text('reason'),
    /** Why the last approval could not apply the change (the item stays pending). */
    failure: text('failure'),
    reviewerId: integer('reviewer_id'),
    /** The row the approved change created or changed. */
    targetId: integer('target_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [index('todo_items_state_created_idx').on(t.state, t.createdAt), index('todo_items_submitter_idx').on(t.submitterId, t.createdAt)],
);
