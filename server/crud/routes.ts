/**
 * The routes of a declared entity, built from its declaration (paths, fields, filters, schemas,
 * subjects) and its store (table and hooks): list, export, getOne, create, update, delete and restore,
 * each with its ability, the row conditions of the abilities, and an audit record of before and
 * after. Reads are open to the screen and its role variants; changes to the main screen's grants.
 */
import { eq, getTableColumns } from 'drizzle-orm';
import { z } from 'zod';
import type { PgTable } from 'drizzle-orm/pg-core';
import { listQueryOf } from '../../resources/common/list-query.js';
import { id, queryId } from '../../resources/common/rules.js';
import { labelled } from '../../resources/common/labels.js';
import { fail } from '../errors.js';
import { requireRow } from '../http/access.js';
import { route, type RouteSpec } from '../http/route.js';
import type { Db } from '../db/client.js';
import { checkAuditActions, checkRowFields } from './checks.js';
import { exportRoute } from './export.js';
import { columnOf, deletedAtKey, idColumn, isDeleted, listPage, loadRow, readers, viewOf } from './query.js';
import type { Ctx, EntityStore, Selected } from './store.js';

type Values = Record<string, unknown>;

/** The body's fields that are columns of the entity's table, leaving out what the request did not carry. */
export function columnValues(table: PgTable, body: Values): Values {
  const columns = getTableColumns(table);
  return Object.fromEntries(Object.entries(body).filter(([key, value]) => key !== 'id' && key in columns && value !== undefined));
}

/** Refuses values another row already holds in a unique field. */
async function assertUnique(store: EntityStore, db: Db, values: Values, exceptId?: number) {
  for (const field of store.unique ?? []) {
    if (values[field] === undefined) continue;
    const rows = await db
      .select({ id: idColumn(store) })
      .from(store.table)
      .where(eq(columnOf(store, field), values[field]))
      .limit(2);
    if (rows.some((r) => r.id !== exceptId)) fail('duplicate');
  }
}

/** The entity's routes; refuses to start when its table or names do not fit the grants and the audit log (./checks.ts). */
export function entityRoutes(store: EntityStore): RouteSpec[] {
  checkRowFields(store);
  const { declaration: d, audit } = store;
  const { api } = d;
  const subject = d.name;
  const idParam = api.idParam ?? 'id';
  const view = async (ctx: Ctx, row: Selected) => (await viewOf(store, ctx, [row]))[0];
  const reload = async (ctx: Ctx, rowId: number) => view(ctx, await loadRow(store, ctx, rowId, 'show'));
  const byId = (method: 'GET' | 'POST') => (method === 'GET' ? { query: z.object({ [idParam]: queryId }) } : { body: z.object({ [idParam]: id }) });
  const idOf = (ctx: Ctx, method: 'GET' | 'POST', key = idParam) => ((method === 'GET' ? ctx.query : ctx.body) as Record<string, number>)[key];
  const routes: RouteSpec[] = [];

  /** The path of a call the kit serves (declared, and not left to a hand-written route). */
  const served = (call: 'list' | 'one' | 'export') => (store.handWritten?.includes(call) ? undefined : api[call]);
  const [listUrl, oneUrl, exportUrl] = [served('list'), served('one'), served('export')];

  if (listUrl) {
    const method = api.listMethod ?? 'GET';
    const schema = listQueryOf(d.fields ?? []);
    routes.push(
      route({
        method,
        url: listUrl,
        access: { action: 'list', subject: readers(store) },
        // A read even when sent as POST: recorded only when refused.
        auditType: 'fetch',
        ...(method === 'GET' ? { query: schema } : { body: schema }),
        handler: async (ctx) => listPage(store, ctx, (method === 'GET' ? ctx.query : ctx.body) as Values & { pageIndex: number }),
      }),
    );
  }

  if (exportUrl) routes.push(exportRoute(store, exportUrl));

  if (oneUrl) {
    routes.push(route({ method: 'GET', url: oneUrl, access: { action: 'show', subject: readers(store) }, ...byId('GET'), handler: async (ctx) => reload(ctx, idOf(ctx, 'GET')) }));
  }

  if (api.create && d.createSchema && !store.handWritten?.includes('create')) {
    routes.push(
      route({
        method: 'POST',
        url: api.create,
        access: { action: 'create', subject },
        auditType: 'create',
        auditAction: `${audit}.create`,
        ...store.changeGuard,
        // Refusals name the fields as the declaration's form labels them.
        body: labelled(d.createSchema, d.name, d.labels),
        handler: async (ctx) => {
          const body = ctx.body as Values;
          const values = store.toInsert ? await store.toInsert(ctx, body) : columnValues(store.table, body);
          // The row as it would be must be one the caller may create (an admin never makes a superAdmin).
          requireRow(ctx.ability, 'create', subject, values, 'forbidden');
          await assertUnique(store, ctx.db, values);
          const held = await store.review?.(ctx, { action: 'create', input: body });
          if (held !== undefined) return held;
          const [inserted] = await ctx.db.insert(store.table).values(values).returning({ id: idColumn(store) });
          await store.afterInsert?.(ctx, await loadRow(store, ctx, inserted.id as number, 'show'), body);
          const after = await reload(ctx, inserted.id as number);
          await ctx.audit(`${audit}.create`, inserted.id as number, null, after);
          return after;
        },
      }),
    );
  }

  if (api.update && d.editSchema) {
    routes.push(
      route({
        method: 'POST',
        url: api.update,
        access: { action: 'edit', subject },
        auditType: 'update',
        auditAction: `${audit}.update`,
        ...store.changeGuard,
        body: labelled(d.editSchema, d.name, d.labels),
        handler: async (ctx) => {
          const body = ctx.body as Values;
          const rowId = body[idParam] as number;
          const before = await loadRow(store, ctx, rowId, 'edit');
          if (isDeleted(store, before)) fail('stateConflict');
          const values = store.toUpdate ? await store.toUpdate(ctx, body, before) : columnValues(store.table, body);
          // What the row would become must still be one the caller may edit.
          requireRow(ctx.ability, 'edit', subject, { ...before.row, ...values }, 'forbidden');
          await assertUnique(store, ctx.db, values, rowId);
          const held = await store.review?.(ctx, { action: 'update', input: body, before });
          if (held !== undefined) return held;
          if (Object.keys(values).length) await ctx.db.update(store.table).set(values).where(eq(idColumn(store), rowId));
          await store.afterUpdate?.(ctx, before, body);
          const after = await reload(ctx, rowId);
          await ctx.audit(`${audit}.update`, rowId, await view(ctx, before), after);
          return after;
        },
      }),
    );
  }

  if (api.delete) {
    const method = api.deleteMethod ?? 'GET';
    routes.push(
      route({
        method,
        url: api.delete,
        access: { action: 'delete', subject },
        ...store.changeGuard,
        // The platform deletes with GET: it runs in a transaction like every change. The log has
        // no "delete" type: removing a row (mostly a soft delete) is recorded as an update.
        mutates: true,
        auditType: 'update',
        auditAction: `${audit}.delete`,
        ...byId(method),
        handler: async (ctx) => {
          const rowId = idOf(ctx, method);
          const before = await loadRow(store, ctx, rowId, 'delete');
          if (store.deletedAt && isDeleted(store, before)) fail('stateConflict');
          const held = await store.review?.(ctx, { action: 'delete', input: { [idParam]: rowId }, before });
          if (held !== undefined) return held;
          if (store.deletedAt) {
            await ctx.db.update(store.table).set({ [deletedAtKey(store)]: new Date() }).where(eq(idColumn(store), rowId));
          } else await ctx.db.delete(store.table).where(eq(idColumn(store), rowId));
          await store.afterDelete?.(ctx, before);
          await ctx.audit(`${audit}.delete`, rowId, await view(ctx, before), store.deletedAt ? await reload(ctx, rowId) : null);
          return null;
        },
      }),
    );
  }

  if (api.restore && store.deletedAt) {
    const key = api.restoreIdParam ?? idParam;
    routes.push(
      route({
        method: 'POST',
        url: api.restore,
        access: { action: 'restore', subject },
        auditType: 'update',
        auditAction: `${audit}.restore`,
        ...store.restoreGuard,
        body: d.restoreSchema ?? z.object({ [key]: id }),
        handler: async (ctx) => {
          const body = ctx.body as Values;
          const rowId = body[key] as number;
          const before = await loadRow(store, ctx, rowId, 'restore');
          if (!isDeleted(store, before)) fail('stateConflict');
          const values = { ...store.toRestore?.(ctx, body, before), [deletedAtKey(store)]: null };
          // Someone may have taken a unique value (the account name) meanwhile.
          await assertUnique(store, ctx.db, { ...before.row, ...values }, rowId);
          await ctx.db.update(store.table).set(values).where(eq(idColumn(store), rowId));
          const after = await reload(ctx, rowId);
          await ctx.audit(`${audit}.restore`, rowId, await view(ctx, before), after);
          return after;
        },
      }),
    );
  }

  checkAuditActions(store, routes);
  return [...routes, ...(store.extraRoutes ?? [])];
}
