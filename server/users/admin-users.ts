/**
 * Account management (spec section 7, /admin/* and the user option lists). Deleting is soft
 * (deleted_at) so a deleted user can be restored with /admin/repairUser.
 */
import { and, asc, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { fail } from '../errors.js';
import { route } from '../http/route.js';
import { users } from '../db/schema/index.js';
import { hashPassword } from '../security/passwords.js';
import { addUser, repairUser, role, setAllowModify, updateUser, userListQuery } from '../../resources/users/schema.js';
import { id, pageSizeOf } from '../../resources/common/rules.js';
import type { Db } from '../db/client.js';
import { rowScope, type Action, type AppAbility } from '../../providers/abilities.js';
import { endSessions } from './end-sessions.js';
import { requireRow } from '../http/access.js';

/** Option lists are row-scoped: a supplier sees only itself and its agents. */
function optionScope(ability: AppAbility): SQL[] {
  const scope = rowScope(ability, 'list', 'userOptions');
  if (scope === false) return [sql`false`];
  return scope?.id ? [inArray(users.id, scope.id)] : [];
}

/** What the admin may see of a user: never hashes or secrets. */
export const publicUser = (u: typeof users.$inferSelect) => ({
  id: u.id,
  account: u.account,
  nickname: u.nickname,
  role: u.role,
  access: u.role,
  parentId: u.parentId,
  allowModify: u.allowModify,
  enableGoogleVerify: u.googleEnabled,
  googleBound: u.googleConfirmed,
  lastLoginIp: u.lastLoginIp,
  lastLoginAt: u.lastLoginAt,
  deleted: u.deletedAt !== null,
  deletedAt: u.deletedAt,
  createdAt: u.createdAt,
});

/** Loads a user the caller may take `action` on; any other answers not-found (so no handler can skip the row check). */
async function findUser(db: Db, userId: number, ability: AppAbility, action: Action) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) fail('notFound');
  requireRow(ability, action, 'users', row);
  return row;
}

async function accountTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.account, name)).limit(2);
  return rows.some((r) => r.id !== exceptId);
}

const listUsers = route({
  method: 'GET',
  url: '/admin/getUserList',
  access: { action: 'list', subject: 'users' },
  query: userListQuery,
  handler: async ({ db, query }) => {
    const where: SQL[] = [];
    if (!query.includeDeleted) where.push(isNull(users.deletedAt));
    if (query.nickname) where.push(ilike(users.nickname, `%${query.nickname}%`));
    if (query.account) where.push(ilike(users.account, `%${query.account}%`));
    if (query.access) where.push(eq(users.role, query.access));
    const size = pageSizeOf(query);
    const filter = where.length ? and(...where) : undefined;
    const [rows, [{ total }]] = await Promise.all([
      db.select().from(users).where(filter).orderBy(asc(users.deletedAt), desc(users.id)).limit(size).offset((query.pageIndex - 1) * size),
      db.select({ total: sql<number>`count(*)::int` }).from(users).where(filter),
    ]);
    return { list: rows.map(publicUser), total };
  },
});

const getUser = route({
  method: 'GET',
  url: '/admin/getUser',
  access: { action: 'show', subject: 'users' },
  query: z.object({ id }),
  handler: async ({ db, query, ability }) => {
    const row = await findUser(db, query.id, ability, 'show');
    return publicUser(row);
  },
});

const createUser = route({
  method: 'POST',
  url: '/admin/addUser',
  access: { action: 'create', subject: 'users' },
  body: addUser,
  handler: async ({ db, body, audit, ability }) => {
    // An admin may not create a superAdmin (abilities.ts: admin's rows exclude that role).
    requireRow(ability, 'create', 'users', { role: body.access }, 'forbidden');
    if (await accountTaken(db, body.account)) fail('duplicate');
    const [row] = await db
      .insert(users)
      .values({ account: body.account, nickname: body.nickname, role: body.access, passwordHash: await hashPassword(body.password) })
      .returning();
    await audit('user.create', row.id, null, publicUser(row));
    return publicUser(row);
  },
});

const editUser = route({
  method: 'POST',
  url: '/admin/updateUser',
  access: { action: 'edit', subject: 'users' },
  body: updateUser,
  handler: async ({ db, body, audit, ability, user }) => {
    // The stored account must be one the caller may edit, and so must the account it would become.
    const before = await findUser(db, body.id, ability, 'edit');
    requireRow(ability, 'edit', 'users', { ...before, role: body.role }, 'forbidden');
    // Nobody changes their own role (an admin promoting itself, a superAdmin locking itself out).
    if (body.id === user.id && body.role !== before.role) fail('forbidden');
    if (before.deletedAt) fail('stateConflict');
    if (await accountTaken(db, body.account, body.id)) fail('duplicate', {}, undefined);
    const changes: Partial<typeof users.$inferInsert> = { nickname: body.nickname, account: body.account, role: body.role };
    if (body.password) changes.passwordHash = await hashPassword(body.password);
    const [row] = await db.update(users).set(changes).where(eq(users.id, body.id)).returning();
    // A new password or role ends the user's sessions, so old rights do not linger.
    if (body.password || body.role !== before.role) {
      await endSessions(db, body.id);
    }
    await audit('user.update', row.id, publicUser(before), publicUser(row));
    return publicUser(row);
  },
});

const deleteUser = route({
  method: 'GET',
  url: '/admin/deleteUser',
  access: { action: 'delete', subject: 'users' },
  mutates: true,
  query: z.object({ id }),
  handler: async ({ db, query, audit, user, ability }) => {
    if (query.id === user.id) fail('stateConflict');
    const before = await findUser(db, query.id, ability, 'delete');
    if (before.deletedAt) fail('stateConflict');
    const [row] = await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, query.id)).returning();
    await endSessions(db, query.id);
    await audit('user.delete', row.id, publicUser(before), publicUser(row));
    return null;
  },
});

const restoreUser = route({
  method: 'POST',
  url: '/admin/repairUser',
  access: { action: 'restore', subject: 'users' },
  body: repairUser,
  handler: async ({ db, body, audit, ability }) => {
    const before = await findUser(db, body.userId, ability, 'restore');
    if (!before.deletedAt) fail('stateConflict');
    if (await accountTaken(db, body.newAccountName, body.userId)) fail('duplicate');
    const [row] = await db.update(users).set({ deletedAt: null, account: body.newAccountName }).where(eq(users.id, body.userId)).returning();
    await audit('user.restore', row.id, publicUser(before), publicUser(row));
    return publicUser(row);
  },
});

const resetPayPassword = route({
  method: 'GET',
  url: '/admin/resetPayPassword',
  access: { action: 'resetPayPassword', subject: 'users' },
  mutates: true,
  secondLevel: true,
  query: z.object({ id }),
  handler: async ({ db, query, audit, ability }) => {
    const before = await findUser(db, query.id, ability, 'resetPayPassword');
    await db.update(users).set({ payPasswordHash: null }).where(eq(users.id, query.id));
    await audit('user.resetPayPassword', before.id, { payPasswordSet: before.payPasswordHash !== null }, { payPasswordSet: false });
    return null;
  },
});

const allowModify = route({
  method: 'POST',
  url: '/user/setAllowModify',
  access: { action: 'edit', subject: 'users' },
  body: setAllowModify,
  handler: async ({ db, body, audit, ability }) => {
    const before = await findUser(db, body.userId, ability, 'edit');
    await db.update(users).set({ allowModify: body.allowModify }).where(eq(users.id, body.userId));
    await audit('user.setAllowModify', before.id, { allowModify: before.allowModify }, { allowModify: body.allowModify });
    return null;
  },
});

const option = (u: typeof users.$inferSelect) => ({ id: u.id, value: u.id, label: `${u.nickname} (${u.account})`, nickname: u.nickname, account: u.account, deleted: u.deletedAt !== null });

const userOptions = route({
  method: 'GET',
  url: '/user/getUserOptions',
  access: { action: 'list', subject: 'userOptions' },
  query: z.object({ role: role.optional(), includeDeleted: z.preprocess((v) => v === 'true' || v === true, z.boolean()).optional() }),
  handler: async ({ db, query, ability }) => {
    const where: SQL[] = optionScope(ability);
    if (query.role) where.push(eq(users.role, query.role));
    if (!query.includeDeleted) where.push(isNull(users.deletedAt));
    const rows = await db.select().from(users).where(where.length ? and(...where) : undefined).orderBy(asc(users.account));
    return rows.map(option);
  },
});

const unusedUserOptions = route({
  method: 'GET',
  url: '/user/getUnusedUserOptions',
  access: { action: 'list', subject: 'userOptions' },
  query: z.object({ role }),
  handler: async ({ db, query, ability }) => {
    // "Unused": accounts of the role not yet attached to a parent (free to bind).
    const rows = await db
      .select()
      .from(users)
      .where(and(eq(users.role, query.role), isNull(users.deletedAt), isNull(users.parentId), ...optionScope(ability)))
      .orderBy(asc(users.account));
    return rows.map(option);
  },
});

const supplierOptions = route({
  method: 'GET',
  url: '/user/getSupplierUserOptions',
  access: { action: 'list', subject: 'userOptions' },
  query: z.object({ isGetAllAgentSupplier: z.preprocess((v) => v === 'true' || v === true, z.boolean()).optional() }),
  handler: async ({ db, query, ability }) => {
    const where = [eq(users.role, 'supplier'), isNull(users.deletedAt), ...optionScope(ability)];
    // Without the flag only top-level suppliers are listed; with it their agents too.
    if (!query.isGetAllAgentSupplier) where.push(isNull(users.parentId));
    const rows = await db.select().from(users).where(and(...where)).orderBy(asc(users.account));
    return rows.map(option);
  },
});

export const adminUserRoutes = [listUsers, getUser, createUser, editUser, deleteUser, restoreUser, resetPayPassword, allowModify, userOptions, unusedUserOptions, supplierOptions];
