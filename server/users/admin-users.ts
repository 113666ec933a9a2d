/**
 * Account management (/setting/users): CRUD from the declaration with the account store, plus the
 * calls that are not CRUD (reset a pay password, allow modification, the user option lists).
 * Deleting is soft, so a deleted user can be restored with /admin/repairUser under a new name.
 */
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { route } from '../http/route.js';
import { users } from '../db/schema/index.js';
import { users as declaration } from '../../resources/users/index.js';
import { userApi } from '../../resources/users/api.js';
import { role, setAllowModify } from '../../resources/users/schema.js';
import { filterBoolean, queryId } from '../../resources/common/rules.js';
import { rowScope, type AppAbility } from '../../providers/ability-engine.js';
import { entityRoutes } from '../crud/routes.js';
import { requireRow } from '../http/access.js';
import { loadRow } from '../crud/query.js';
import type { Ctx, EntityStore, Selected } from '../crud/store.js';
import { endSessions } from './end-sessions.js';
import { accountColumns, accountStore, type UserRow } from './account-store.js';
import { BALANCE_OPERATION_GUARD } from '../finance/guard.js';

/** What the admin may see of a user: never hashes or secrets. */
const publicUser = (u: UserRow) => ({
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

const store: EntityStore = {
  ...accountStore,
  declaration,
  audit: 'user',
  restoreGuard: BALANCE_OPERATION_GUARD,
  view: async (_db, rows) => rows.map((r) => publicUser(r.row as UserRow)),
  toInsert: async (_ctx, body) => ({ ...(await accountColumns(body)), role: body.access }),
  toUpdate: async (ctx, body, before) => {
    const row = before.row as UserRow;
    // Changing a role is its own grant (abilities.ts: never one's own, an admin never to or from superAdmin).
    if (body.role !== row.role) {
      requireRow(ctx.ability, 'changeRole', declaration.name, row, 'forbidden');
      requireRow(ctx.ability, 'changeRole', declaration.name, { ...row, role: body.role }, 'forbidden');
    }
    return { ...(await accountColumns(body)), role: body.role };
  },
  // A new password or role ends the user's sessions, so old rights do not linger.
  afterUpdate: async (ctx, before, body) => {
    if (body.password || body.role !== (before.row as UserRow).role) await endSessions(ctx.db, (before.row as UserRow).id);
  },
  toRestore: (_ctx, body) => ({ account: body.newAccountName }),
};

/** A user the caller may take `action` on (the abilities' row conditions); anyone else is not found. */
const userFor = async (ctx: Ctx, userId: number, action: 'edit' | 'resetPayPassword'): Promise<UserRow> => (await loadRow(store, ctx, userId, action) as Selected).row as UserRow;

const resetPayPassword = route({
  method: 'GET',
  url: userApi.calls.resetPayPassword,
  access: { action: 'resetPayPassword', subject: declaration.name },
  mutates: true,
  ...BALANCE_OPERATION_GUARD,
  query: z.object({ id: queryId }),
  handler: async (ctx) => {
    const before = await userFor(ctx, ctx.query.id, 'resetPayPassword');
    await ctx.db.update(users).set({ payPasswordHash: null }).where(eq(users.id, before.id));
    await ctx.audit('user.resetPayPassword', before.id, { payPasswordSet: before.payPasswordHash !== null }, { payPasswordSet: false });
    return null;
  },
});

const allowModify = route({
  method: 'POST',
  url: userApi.calls.setAllowModify,
  access: { action: 'edit', subject: declaration.name },
  // An account's protection, switched as its login factor is: behind the second-level password.
  secondLevel: true,
  body: setAllowModify,
  handler: async (ctx) => {
    const before = await userFor(ctx, ctx.body.userId, 'edit');
    await ctx.db.update(users).set({ allowModify: ctx.body.allowModify }).where(eq(users.id, before.id));
    await ctx.audit('user.setAllowModify', before.id, { allowModify: before.allowModify }, { allowModify: ctx.body.allowModify });
    return null;
  },
});

/** Option lists are row-scoped: a supplier sees only itself and its agents. */
function optionScope(ability: AppAbility): SQL[] {
  const scope = rowScope(ability, 'list', 'userOptions');
  if (scope === false) return [sql`false`];
  return scope?.id ? [inArray(users.id, scope.id)] : [];
}

const option = (u: UserRow) => ({ id: u.id, value: u.id, label: `${u.nickname} (${u.account})`, nickname: u.nickname, account: u.account, deleted: u.deletedAt !== null });
const options = async (ctx: Ctx, where: (SQL | undefined)[]) =>
  (await ctx.db.select().from(users).where(and(...where, ...optionScope(ctx.ability))).orderBy(asc(users.account))).map(option);

const userOptions = route({
  method: 'GET',
  url: userApi.calls.userOptions,
  access: { action: 'list', subject: 'userOptions' },
  query: z.object({ role: role.optional(), includeDeleted: filterBoolean }),
  handler: async (ctx) => options(ctx, [ctx.query.role ? eq(users.role, ctx.query.role) : undefined, ctx.query.includeDeleted ? undefined : isNull(users.deletedAt)]),
});

/** "Unused": accounts of the role not yet attached to a parent (free to bind). */
const unusedUserOptions = route({
  method: 'GET',
  url: userApi.calls.unusedUserOptions,
  access: { action: 'list', subject: 'userOptions' },
  query: z.object({ role }),
  handler: async (ctx) => options(ctx, [eq(users.role, ctx.query.role), isNull(users.deletedAt), isNull(users.parentId)]),
});

/** Suppliers; without the flag only top-level ones, with it their agents too. */
const supplierOptions = route({
  method: 'GET',
  url: userApi.calls.supplierOptions,
  access: { action: 'list', subject: 'userOptions' },
  query: z.object({ isGetAllAgentSupplier: filterBoolean }),
  handler: async (ctx) => options(ctx, [eq(users.role, 'supplier'), isNull(users.deletedAt), ctx.query.isGetAllAgentSupplier ? undefined : isNull(users.parentId)]),
});

export const adminUserRoutes = entityRoutes({ ...store, extraRoutes: [resetPayPassword, allowModify, userOptions, unusedUserOptions, supplierOptions] });
