/**
 * What every kind of login account shares on the entity kit (account management, merchants,
 * suppliers, a supplier's agents): one `users` table, account names unique across all of them, soft
 * delete, a hashed password, and sessions ended when the password changes or the account goes.
 */
import { users } from '../db/schema/index.js';
import { hashPassword } from '../security/passwords.js';
import { endSessions } from './end-sessions.js';
import type { Ctx, EntityStore, Selected } from '../crud/store.js';
import { ascending, descending } from '../crud/keyset.js';

export type UserRow = typeof users.$inferSelect;

export const accountStore = {
  table: users,
  deletedAt: users.deletedAt,
  unique: ['account'],
  orderBy: [ascending(users.deletedAt), descending(users.id)],
  afterDelete: async (ctx: Ctx, before: Selected) => endSessions(ctx.db, (before.row as UserRow).id),
} satisfies Partial<EntityStore>;

/** The account columns of a create or edit body; a blank password on edit keeps the current one. */
export async function accountColumns(body: Record<string, unknown>) {
  return {
    account: body.account as string,
    nickname: body.nickname as string,
    ...(body.password ? { passwordHash: await hashPassword(body.password as string) } : {}),
  };
}

/** A new password ends the account's sessions, so whoever had the old one is out. */
export async function endSessionsOnNewPassword(ctx: Ctx, before: Selected, body: Record<string, unknown>) {
  if (body.password) await endSessions(ctx.db, (before.row as UserRow).id);
}
