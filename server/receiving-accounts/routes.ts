/**
 * The API of every channel kind's accounts, generated from resources/receiving-accounts/kind.ts:
 * for each kind `/receivingAccount/<kind>/getList | getDetail | add | update | delete`. A new kind
 * needs no code here. Row scope comes from providers/abilities.ts: a supplier reads and changes only
 * its own (and its agents') accounts, whatever ids it sends; admins see all, with a supplier filter.
 */
import { and, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { rowScope } from '../../providers/ability-engine.js';
import { CHANNELS } from '../../resources/receiving-accounts/kind.js';
import { ACCOUNT_FIELDS, isAccountField, type AccountField } from '../../resources/receiving-accounts/fields.js';
import { ENABLED_STATE } from '../../resources/receiving-accounts/options.js';
import { accountApi, type AccountKind } from '../../resources/receiving-accounts/kind.js';
import { id, pageSizeOf, queryId } from '../../resources/common/rules.js';
import { receivingAccounts, users } from '../db/schema/index.js';
import { fail } from '../errors.js';
import { t } from '../i18n.js';
import { requireRow } from '../http/access.js';
import { route, type RouteContext, type RouteSpec } from '../http/route.js';
import type { Db } from '../db/client.js';
import { holdForReview, reviewableRoute } from '../todo-items/gate.js';
import { accountSubject, accountValues, publicAccount, secretFieldsOf, type AccountRow } from './records.js';

const table = receivingAccounts;

/** Suppliers' display names for a page of rows, in one query. */
async function supplierNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: users.id, nickname: users.nickname, account: users.account }).from(users).where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, `${r.nickname} (${r.account})`]));
}

/** The live (not deleted) account of this kind, refused as not-found unless the caller may act on it. */
async function loadAccount(ctx: Pick<RouteContext<unknown, unknown>, 'db' | 'ability'>, kind: AccountKind, accountId: number, action: 'show' | 'edit' | 'delete' | 'enableResource'): Promise<AccountRow> {
  const [row] = await ctx.db
    .select()
    .from(table)
    .where(and(eq(table.id, accountId), eq(table.kind, kind.kind), isNull(table.deletedAt)))
    .limit(1);
  if (!row) return fail('notFound');
  requireRow(ctx.ability, action, kind.subjects, row as unknown as Record<string, unknown>);
  return row;
}

/** Text filters match part of a column or of an extras value; others match exactly. */
function filterOn(name: string, value: unknown): SQL | undefined {
  if (value === undefined || value === null || !isAccountField(name)) return undefined;
  const storage = ACCOUNT_FIELDS[name].storage;
  const exact = (ACCOUNT_FIELDS[name] as AccountField).field.type === 'enum';
  if (storage === 'extra') return exact ? sql`${table.extras}->>${name} = ${value}` : sql`${table.extras}->>${name} ilike ${`%${value}%`}`;
  if (storage === 'column') {
    const column = table[name as keyof typeof table.$inferSelect] as unknown as Parameters<typeof eq>[0];
    return exact ? eq(column, value) : ilike(column as never, `%${value}%`);
  }
  return undefined;
}

/** Which supplier a new account belongs to: a supplier's own id, or the one an admin picked. */
async function ownerOf(ctx: RouteContext<Record<string, unknown>, unknown>, kind: AccountKind): Promise<number> {
  const scope = rowScope(ctx.ability, 'create', kind.subjects);
  if (scope === false) return fail('forbidden');
  if (scope !== null) return ctx.user.id;
  const supplierId = ctx.body.supplierId as number | undefined;
  if (!supplierId) return fail('invalidParam', { field: 'supplierId', reason: t('validation.required', ctx.lang) });
  const [supplier] = await ctx.db.select({ id: users.id }).from(users).where(and(eq(users.id, supplierId), eq(users.role, 'supplier'), isNull(users.deletedAt))).limit(1);
  return supplier ? supplier.id : fail('invalidParam', { field: 'supplierId', reason: t('validation.option', ctx.lang) });
}

function kindRoutes(kind: AccountKind): RouteSpec[] {
  const api = accountApi(kind.kind);
  const show = async (db: Db, row: AccountRow) => publicAccount(kind, row, (await supplierNames(db, [row.supplierId])).get(row.supplierId) ?? null);
  const list = route({
    method: 'GET',
    url: api.list,
    access: { action: 'list', subject: kind.subjects },
    query: kind.listQuery,
    handler: async ({ db, query, ability }) => {
      const q = query as Record<string, unknown> & { pageIndex: number; pageSize?: number; pageNum?: number };
      const scope = rowScope(ability, 'list', kind.subjects);
      if (scope === false) return fail('forbidden');
      const where: (SQL | undefined)[] = [eq(table.kind, kind.kind), isNull(table.deletedAt)];
      if (scope) where.push(inArray(table.supplierId, scope.supplierId ?? []));
      if (q.supplierId) where.push(eq(table.supplierId, q.supplierId as number));
      if (q.productId) where.push(eq(table.productId, q.productId as number));
      if (q.state !== undefined) where.push(eq(table.enabled, q.state === ENABLED_STATE));
      for (const name of Object.keys(kind.fields)) where.push(filterOn(name, q[name]));
      const filter = and(...where);
      const size = pageSizeOf(q);
      const [rows, [{ total }]] = await Promise.all([
        db.select().from(table).where(filter).orderBy(desc(table.id)).limit(size).offset((q.pageIndex - 1) * size),
        db.select({ total: sql<number>`count(*)::int` }).from(table).where(filter),
      ]);
      const names = await supplierNames(db, rows.map((r) => r.supplierId));
      return { list: rows.map((r) => publicAccount(kind, r, names.get(r.supplierId) ?? null)), total };
    },
  });
  const detail = route({
    method: 'GET',
    url: api.one,
    access: { action: 'show', subject: kind.subjects },
    query: z.object({ id: queryId }),
    handler: async (ctx) => show(ctx.db, await loadAccount(ctx, kind, ctx.query.id, 'show')),
  });
  const create = route({
    method: 'POST',
    url: api.create,
    access: { action: 'create', subject: kind.subjects },
    body: kind.schemas.create,
    handler: async (ctx) => {
      const body = ctx.body as Record<string, unknown>;
      const supplierId = await ownerOf(ctx as RouteContext<Record<string, unknown>, unknown>, kind);
      // Created enabled only by someone who may switch this account on (the detail's switch).
      const enabled = body.state === ENABLED_STATE;
      if (enabled) requireRow(ctx.ability, 'enableResource', kind.subjects, { ...body, supplierId }, 'forbidden');
      // While ReviewSupplierAccounts is on, a supplier's new account waits for an admin's approval.
      const held = await holdForReview(ctx, {
        setting: 'ReviewSupplierAccounts',
        kind: 'accountCreate',
        call: api.create,
        input: body,
        secretFields: secretFieldsOf(kind),
        channel: kind.kind,
        subject: accountSubject(body),
      });
      if (held) return held;
      const [row] = await ctx.db.insert(table).values({ ...accountValues(kind, body), kind: kind.kind, supplierId, productId: body.productId as number, enabled }).returning();
      const record = await show(ctx.db, row);
      await ctx.audit(`${kind.kind}.create`, row.id, null, record);
      return record;
    },
  });
  const update = route({
    method: 'POST',
    url: api.update,
    access: { action: 'edit', subject: kind.subjects },
    body: kind.schemas.edit,
    handler: async (ctx) => {
      const body = ctx.body as Record<string, unknown> & { id: number };
      const before = await loadAccount(ctx, kind, body.id, 'edit');
      // Only an admin moves an account to another supplier; a supplier's supplierId is ignored.
      const move = rowScope(ctx.ability, 'edit', kind.subjects) === null && typeof body.supplierId === 'number' ? await ownerOf(ctx as RouteContext<Record<string, unknown>, unknown>, kind) : before.supplierId;
      const [row] = await ctx.db
        .update(table)
        .set({ ...accountValues(kind, body, before), supplierId: move, updatedAt: new Date() })
        .where(eq(table.id, before.id))
        .returning();
      const record = await show(ctx.db, row);
      await ctx.audit(`${kind.kind}.update`, row.id, await show(ctx.db, before), record);
      return record;
    },
  });
  const remove = route({
    method: 'POST',
    url: api.delete,
    access: { action: 'delete', subject: kind.subjects },
    body: z.object({ id }),
    handler: async (ctx) => {
      const before = await loadAccount(ctx, kind, ctx.body.id, 'delete');
      await ctx.db.update(table).set({ deletedAt: new Date(), enabled: false }).where(eq(table.id, before.id));
      await ctx.audit(`${kind.kind}.delete`, before.id, await show(ctx.db, before), null);
      return null;
    },
  });
  return [list, detail, create, update, remove] as RouteSpec[];
}

/** Every channel's routes; a held change (ReviewSupplierAccounts) is replayed through them once approved. */
export const receivingAccountRoutes: RouteSpec[] = CHANNELS.flatMap(kindRoutes).map(reviewableRoute);
export { supplierNames };
