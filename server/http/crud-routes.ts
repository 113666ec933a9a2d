/**
 * The five routes of a plain admin table (list, getOne, add, update, delete), each with its ability
 * and an audit record of before and after. A screen supplies only what differs: how it lists,
 * finds, inserts, updates and deletes its rows. Deletes are GET /delete?id= as the spec names them.
 */
import { z } from 'zod';
import { id } from '../../resources/common/rules.js';
import type { Db } from '../db/client.js';
import { route, type RouteContext, type RouteSpec } from './route.js';

export interface CrudSpec<V, L extends z.ZodType, A extends z.ZodType, U extends z.ZodType<{ id: number }>> {
  /** Ability subject of the screen. */
  subject: string;
  /** Path prefix below /v1.0, e.g. '/bankNumber'. */
  prefix: string;
  /** Audit action prefix, e.g. 'bankNumber' (bankNumber.create, .update, .delete). */
  audit: string;
  listQuery: L;
  addBody: A;
  updateBody: U;
  list: (db: Db, query: z.infer<L>) => Promise<{ list: V[]; total: number }>;
  /** The row as the API shows it; fails notFound when there is none. */
  find: (db: Db, rowId: number) => Promise<V>;
  /** Inserts (after its own checks) and answers the new row's id. */
  add: (ctx: RouteContext<z.infer<A>, unknown>) => Promise<number>;
  update: (ctx: RouteContext<z.infer<U>, unknown>, before: V) => Promise<void>;
  remove: (db: Db, rowId: number) => Promise<void>;
}

export function crudRoutes<V, L extends z.ZodType, A extends z.ZodType, U extends z.ZodType<{ id: number }>>(spec: CrudSpec<V, L, A, U>): RouteSpec[] {
  const { subject, prefix, audit: name } = spec;
  const byId = z.object({ id });
  return [
    route({ method: 'GET', url: `${prefix}/getList`, access: { action: 'list', subject }, query: spec.listQuery, handler: async ({ db, query }) => spec.list(db, query) }),
    route({ method: 'GET', url: `${prefix}/getOne`, access: { action: 'show', subject }, query: byId, handler: async ({ db, query }) => spec.find(db, query.id) }),
    route({
      method: 'POST',
      url: `${prefix}/add`,
      access: { action: 'create', subject },
      body: spec.addBody,
      handler: async (ctx) => {
        const after = await spec.find(ctx.db, await spec.add(ctx as RouteContext<z.infer<A>, unknown>));
        await ctx.audit(`${name}.create`, (after as { id: number }).id, null, after);
        return after;
      },
    }),
    route({
      method: 'POST',
      url: `${prefix}/update`,
      access: { action: 'edit', subject },
      body: spec.updateBody,
      handler: async (ctx) => {
        const rowId = (ctx.body as { id: number }).id;
        const before = await spec.find(ctx.db, rowId);
        await spec.update(ctx as RouteContext<z.infer<U>, unknown>, before);
        const after = await spec.find(ctx.db, rowId);
        await ctx.audit(`${name}.update`, rowId, before, after);
        return after;
      },
    }),
    route({
      method: 'GET',
      url: `${prefix}/delete`,
      access: { action: 'delete', subject },
      mutates: true,
      query: byId,
      handler: async ({ db, query, audit }) => {
        const before = await spec.find(db, query.id);
        await spec.remove(db, query.id);
        await audit(`${name}.delete`, query.id, before, null);
        return null;
      },
    }),
  ] as RouteSpec[];
}

/** Only the fields a request carried: an omitted optional field leaves the stored value alone. */
export const given = <T extends Record<string, unknown>>(values: T): Partial<T> =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
