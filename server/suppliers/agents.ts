/**
 * Agent management (/supplier-proxy): a supplier's agents are supplier-role users whose parent is the
 * supplier, each with its own login. Every query carries the abilities' row scope (parentId), so a
 * supplier reads and changes only its own agents; another supplier's agent answers "not found".
 */
import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { rowScope, type Action } from '../../providers/abilities.js';
import { requireRow } from '../http/access.js';
import { fail } from '../errors.js';
import { t } from '../i18n.js';
import { route, type RouteContext } from '../http/route.js';
import { users } from '../db/schema/index.js';
import { hashPassword } from '../security/passwords.js';
import { balancesOf, minorForJson } from '../ledger/ledger.js';
import { addAgent, agentListQuery, memberId, updateAgent } from '../../resources/merchants/schema.js';
import { id, pageSizeOf } from '../../resources/common/rules.js';
import { accountTaken } from '../merchants/member-store.js';
import type { Db } from '../db/client.js';
import { endSessions } from '../users/end-sessions.js';

const SUBJECT = 'supplierProxy';
type UserRow = typeof users.$inferSelect;

const agentView = (u: UserRow, balance: bigint) => ({
  id: u.id,
  account: u.account,
  nickname: u.nickname,
  parentId: u.parentId,
  balance: minorForJson(balance),
  lastLoginIp: u.lastLoginIp,
  lastLoginAt: u.lastLoginAt,
  deleted: u.deletedAt !== null,
  createdAt: u.createdAt,
});

/** Loads an agent the caller may act on; anything else is "not found" (no probing of ids). */
async function ownAgent(ctx: RouteContext<unknown, unknown>, agentId: number, action: Action): Promise<UserRow> {
  const [row] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.id, agentId), eq(users.role, 'supplier'), isNotNull(users.parentId)))
    .limit(1);
  if (!row) fail('notFound');
  requireRow(ctx.ability, action, SUBJECT, { parentId: row.parentId });
  return row;
}

const view = async (db: Db, u: UserRow) => agentView(u, (await balancesOf(db, [u.id])).get(u.id) ?? 0n);

const list = route({
  method: 'GET',
  url: '/admin/getSupplierProxyList',
  access: { action: 'list', subject: SUBJECT },
  query: agentListQuery,
  handler: async ({ db, query, ability }) => {
    const scope = rowScope(ability, 'list', SUBJECT);
    if (scope === false) fail('forbidden');
    const where: SQL[] = [eq(users.role, 'supplier'), isNotNull(users.parentId)];
    if (scope && scope.parentId) where.push(inArray(users.parentId, scope.parentId));
    if (!query.includeDeleted) where.push(isNull(users.deletedAt));
    if (query.account) where.push(ilike(users.account, `%${query.account}%`));
    if (query.nickname) where.push(ilike(users.nickname, `%${query.nickname}%`));
    const size = pageSizeOf(query);
    const filter = and(...where);
    const [rows, [{ total }]] = await Promise.all([
      db.select().from(users).where(filter).orderBy(asc(users.deletedAt), desc(users.id)).limit(size).offset((query.pageIndex - 1) * size),
      db.select({ total: sql<number>`count(*)::int` }).from(users).where(filter),
    ]);
    const balances = await balancesOf(db, rows.map((r) => r.id));
    return { list: rows.map((r) => agentView(r, balances.get(r.id) ?? 0n)), total };
  },
});

const getOne = route({
  method: 'GET',
  url: '/supplierProxy/getOne',
  access: { action: 'show', subject: SUBJECT },
  query: z.object({ id }),
  handler: async (ctx) => view(ctx.db, await ownAgent(ctx as never, ctx.query.id, 'show')),
});

const add = route({
  method: 'POST',
  url: '/supplierProxy/add',
  access: { action: 'create', subject: SUBJECT },
  body: addAgent,
  handler: async ({ db, body, user, audit, lang }) => {
    // Agents hang under the supplier who creates them; only suppliers run agent teams, and an agent
    // (a supplier-role user with a parent) is told why rather than a bare "not allowed".
    if (user.role !== 'supplier') fail('forbidden');
    if (user.parentId !== null) fail('forbidden', {}, t('errors.agentCreatesAgent', lang));
    if (await accountTaken(db, body.account)) fail('duplicate');
    const [row] = await db
      .insert(users)
      .values({ account: body.account, nickname: body.nickname, role: 'supplier', parentId: user.id, passwordHash: await hashPassword(body.password) })
      .returning();
    await audit('agent.create', row.id, null, agentView(row, 0n));
    return agentView(row, 0n);
  },
});

const update = route({
  method: 'POST',
  url: '/supplierProxy/update',
  access: { action: 'edit', subject: SUBJECT },
  body: updateAgent,
  handler: async (ctx) => {
    const { db, body, audit } = ctx;
    const before = await ownAgent(ctx as never, body.id, 'edit');
    if (before.deletedAt) fail('stateConflict');
    if (await accountTaken(db, body.account, body.id)) fail('duplicate');
    const [row] = await db
      .update(users)
      .set({ nickname: body.nickname, account: body.account, ...(body.password ? { passwordHash: await hashPassword(body.password) } : {}) })
      .where(eq(users.id, body.id))
      .returning();
    if (body.password) await endSessions(db, row.id);
    await audit('agent.update', row.id, agentView(before, 0n), agentView(row, 0n));
    return view(db, row);
  },
});

const remove = route({
  method: 'GET',
  url: '/supplierProxy/delete',
  access: { action: 'delete', subject: SUBJECT },
  mutates: true,
  query: memberId,
  handler: async (ctx) => {
    const before = await ownAgent(ctx as never, ctx.query.id, 'delete');
    if (before.deletedAt) fail('stateConflict');
    await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, before.id));
    await endSessions(ctx.db, before.id);
    await ctx.audit('agent.delete', before.id, { deleted: false }, { deleted: true });
    return null;
  },
});

const restore = route({
  method: 'POST',
  url: '/supplierProxy/restore',
  access: { action: 'restore', subject: SUBJECT },
  body: memberId,
  handler: async (ctx) => {
    const before = await ownAgent(ctx as never, ctx.body.id, 'restore');
    if (!before.deletedAt) fail('stateConflict');
    if (await accountTaken(ctx.db, before.account, before.id)) fail('duplicate');
    const [row] = await ctx.db.update(users).set({ deletedAt: null }).where(eq(users.id, before.id)).returning();
    await ctx.audit('agent.restore', row.id, { deleted: true }, { deleted: false });
    return view(ctx.db, row);
  },
});

export const agentRoutes = [list, getOne, add, update, remove, restore];
