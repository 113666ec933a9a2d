/**
 * Reading a declared entity: every filter of its fields as SQL by its mode, the row scope of the
 * abilities, paging and count, and loading one row the caller may act on.
 */
import { and, eq, getTableColumns, gte, ilike, inArray, isNull, like, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { rowScope, type Action } from '../../providers/ability-engine.js';
import { filterKey, rangeKeys } from '../../resources/common/filter-keys.js';
import type { FieldDeclaration } from '../../resources/types.js';
import { pageSizeOf } from '../../resources/common/rules.js';
import { fail } from '../errors.js';
import { requireRow } from '../http/access.js';
import type { Db } from '../db/client.js';
import type { Ctx, EntityStore, Selected } from './store.js';
import { ascending, descending, orderByOf, type OrderKey } from './keyset.js';

/** The column of a field: the store's mapping, else the table's column of that name. */
export function columnOf(store: EntityStore, name: string): PgColumn {
  const column = store.columns?.[name] ?? (getTableColumns(store.table) as Record<string, PgColumn>)[name];
  if (!column) throw new Error(`${store.declaration.name}: field "${name}" has no column`);
  return column;
}

export const idColumn = (store: EntityStore): PgColumn => columnOf(store, 'id');

/** Subjects that read the entity (its screen and role variants) and the one that changes it. */
export const readers = (store: EntityStore): string[] => [store.declaration.name, ...(store.declaration.variants ?? []).map((v) => v.name)];

/** `%`, `_` and `\` in a text filter are matched literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One filter's SQL by its mode; the value is already parsed by the list query. */
function filterWhere(column: PgColumn, field: FieldDeclaration, value: unknown): SQL {
  switch (field.filter) {
    case 'contains':
      return ilike(column, `%${escapeLike(String(value))}%`);
    case 'prefix':
      // Written as lower(column) LIKE 'text%' so a lower(column) text_pattern_ops index serves it.
      return like(sql`lower(${column})`, `${escapeLike(String(value).toLowerCase())}%`);
    case 'in':
      return inArray(column, value as unknown[]);
    case 'notIn':
      return notInArray(column, value as unknown[]);
    default:
      return eq(column, value);
  }
}

/** The WHERE of a list: the store's fixed conditions, the row scope, soft delete, then each filter. */
export function listWhere(store: EntityStore, ctx: Ctx, query: Record<string, unknown>, action: Action = 'list'): SQL | undefined {
  const where: (SQL | undefined)[] = [store.where?.(ctx), scopeWhere(store, ctx, action)];
  // With declaredOnly, a filter of a field the caller may not see is not applied either.
  const fields = store.declaredOnly ? fieldsShownTo(store, ctx) : (store.declaration.fields ?? []);
  const withDeleted = fields.some((f) => f.filter === 'withDeleted' && query[filterKey(f)] === true);
  if (store.deletedAt && !withDeleted) where.push(isNull(store.deletedAt));
  for (const field of fields) {
    if (!field.filter || field.filter === 'withDeleted') continue;
    if (field.filter === 'range') {
      const column = columnOf(store, field.name);
      const [start, end] = rangeKeys(field);
      if (query[start]) where.push(gte(column, sql`${query[start]}::timestamp`));
      if (query[end]) where.push(lte(column, sql`${query[end]}::timestamp`));
      continue;
    }
    const key = filterKey(field);
    const value = query[key];
    if (value === undefined) continue;
    const own = store.filters?.[key];
    where.push(own ? own(value, ctx) : filterWhere(columnOf(store, field.name), field, value));
  }
  return and(...where);
}

/** The order of a list: the asked sortable column (then id, so pages never overlap), else the store's order. */
export function listKeys(store: EntityStore, query: Record<string, unknown>): OrderKey[] {
  const field = typeof query.sortField === 'string' ? query.sortField : undefined;
  if (!field) return store.orderBy ?? [descending(idColumn(store))];
  const direction = query.sortOrder === 'asc' ? ascending : descending;
  return [direction(columnOf(store, field)), direction(idColumn(store))];
}

const listOrder = (store: EntityStore, query: Record<string, unknown>): SQL[] => orderByOf(listKeys(store, query));

/** The abilities' row scope as SQL: only rows whose owner field is one of the caller's ids. */
function scopeWhere(store: EntityStore, ctx: Ctx, action: Action): SQL | undefined {
  const scope = rowScope(ctx.ability, action, action === 'list' || action === 'show' || action === 'export' ? readers(store) : store.declaration.name);
  if (scope === false) return fail('forbidden');
  if (!scope) return undefined;
  return or(...Object.entries(scope).map(([field, ids]) => inArray(columnOf(store, field), ids)));
}

/** The rows of the entity with its joins; `extra`: more values selected beside them (an export's keys). */
export function selectFrom(db: Db, store: EntityStore, extra: Record<string, unknown> = {}) {
  const selection = Object.fromEntries([['row', store.table], ...(store.joins ?? []).map((j) => [j.as, j.columns ?? j.table]), ...Object.entries(extra)]);
  // Joins are only known at run time: drizzle's static join types cannot follow them.
  let query: any = db.select(selection).from(store.table).$dynamic();
  for (const join of store.joins ?? []) query = query.leftJoin(join.table, join.on);
  return query as { where: (w: SQL | undefined) => any };
}

/** The count of a list's rows; with `limit`, stopped one past it (enough to know the total is more). */
export function countFrom(db: Db, store: EntityStore, where: SQL | undefined, limit?: number) {
  if (limit === undefined) {
    let query = db.select({ total: sql<number>`count(*)::int` }).from(store.table).$dynamic();
    for (const join of store.joins ?? []) query = query.leftJoin(join.table, join.on);
    return query.where(where);
  }
  // Counting stops one past the limit: enough to know the total is "more than".
  let rows = db.select({ one: sql`1` }).from(store.table).$dynamic();
  for (const join of store.joins ?? []) rows = rows.leftJoin(join.table, join.on);
  return db.select({ total: sql<number>`count(*)::int` }).from(rows.where(where).limit(limit + 1).as('capped'));
}

type ListQuery = Record<string, unknown> & { pageIndex: number; pageSize?: number; pageNum?: number };

/**
 * The two statements of a list page: the page of rows and the count, stopped past `countLimit`
 * when given (their plans are checked against the indexes by the order-list index test).
 */
export function listStatements(store: EntityStore, ctx: Ctx, query: ListQuery, countLimit?: number) {
  const where = listWhere(store, ctx, query);
  const size = pageSizeOf(query);
  const offset = (query.pageIndex - 1) * size;
  const order = listOrder(store, query);
  const page = selectFrom(ctx.db, store);
  return {
    page:
      offset < DEEP_OFFSET
        ? page.where(where).orderBy(...order).limit(size).offset(offset)
        : page.where(inArray(idColumn(store), pageIds(ctx.db, store, where, order, size, offset))).orderBy(...order),
    count: countFrom(ctx.db, store, where, countLimit),
  };
}

/**
 * From this many rows skipped, a page finds its ids first and reads only its own rows whole with
 * their joins: the rows skipped are then read for their ids alone, and the joins the filter does
 * not use are dropped by the planner (left joins on unique keys), instead of being made for every
 * skipped row.
 */
const DEEP_OFFSET = 200;

function pageIds(db: Db, store: EntityStore, where: SQL | undefined, order: SQL[], size: number, offset: number) {
  let ids = db.select({ id: idColumn(store) }).from(store.table).$dynamic();
  for (const join of store.joins ?? []) ids = ids.leftJoin(join.table, join.on);
  return ids.where(where).orderBy(...order).limit(size).offset(offset);
}

/**
 * A page of the list and the total. With the store's count limit, a total beyond it answers the
 * limit and `totalCapped: true` (the admin shows "10,000+" and pages that far).
 */
export async function listPage(store: EntityStore, ctx: Ctx, query: ListQuery) {
  const limit = typeof store.countLimit === 'function' ? await store.countLimit(ctx) : store.countLimit;
  const { page, count } = listStatements(store, ctx, query, limit);
  const [rows, [{ total }]] = await Promise.all([page, count]);
  const list = await viewOf(store, ctx, rows as Selected[]);
  return limit !== undefined && total > limit ? { list, total: limit, totalCapped: true } : { list, total };
}

/** The declared fields the caller may see: those without `onlyFor`, and those of a screen it may list. */
export const fieldsShownTo = (store: EntityStore, ctx: Ctx): FieldDeclaration[] =>
  (store.declaration.fields ?? []).filter((f) => !f.onlyFor || f.onlyFor.some((s) => ctx.ability.can('list', s)));

/**
 * Which keys of the row's audit trail (before, after) the caller may see, by the same rules as its
 * fields: a key that is a field (or names one, `as`) as the field, a key of the declaration's
 * `trail` by its `onlyFor`, any other only to staff (no row scope), so a key nobody declared leaks
 * to no member.
 */
export function trailKeysShownTo(store: EntityStore, ctx: Ctx): (key: string) => boolean {
  const shown = (onlyFor?: string[]) => !onlyFor || onlyFor.some((s) => ctx.ability.can('list', s));
  const fields = new Map((store.declaration.fields ?? []).map((f) => [f.name, f]));
  const staff = !rowScope(ctx.ability, 'show', readers(store));
  return (key) => {
    const entry = store.declaration.trail?.[key];
    if (entry && !('as' in entry)) return shown(entry.onlyFor);
    const field = fields.get(entry?.as ?? key);
    return field ? shown(field.onlyFor) : staff;
  };
}

/**
 * What the API shows of a page of rows: the store's view, kept to the fields shown to the caller when
 * `declaredOnly`, plus the owner fields of the caller's row conditions (the admin checks a row's
 * buttons with them: a merchant's rows carry merchantId).
 */
export async function viewOf(store: EntityStore, ctx: Ctx, rows: Selected[]): Promise<Record<string, unknown>[]> {
  const list = store.view ? await store.view(ctx.db, rows, ctx) : rows.map((r) => r.row);
  if (!store.declaredOnly) return list;
  const scope = rowScope(ctx.ability, 'list', readers(store));
  const keys = ['id', ...fieldsShownTo(store, ctx).map((f) => f.name), ...Object.keys(scope || {})];
  return list.map((row) => Object.fromEntries(keys.filter((k) => k in row).map((k) => [k, row[k]])));
}

/**
 * One row the caller may take `action` on. Someone else's row, or one outside the store's fixed
 * conditions, answers "not found", so an id reveals nothing.
 */
export async function loadRow(store: EntityStore, ctx: Ctx, rowId: number | SQL, action: Action): Promise<Selected> {
  // A row is named by its id, or by a condition of its own (an order by its code).
  const which = typeof rowId === 'number' ? eq(idColumn(store), rowId) : rowId;
  const [row] = (await selectFrom(ctx.db, store)
    .where(and(which, store.where?.(ctx)))
    .limit(1)) as Selected[];
  if (!row) return fail('notFound');
  requireRow(ctx.ability, action, action === 'show' ? readers(store) : store.declaration.name, row.row);
  return row;
}

/** The row property of the soft-delete column (`deletedAt` for deleted_at), as selects answer it and updates take it. */
export const deletedAtKey = (store: EntityStore): string => Object.entries(getTableColumns(store.table)).find(([, c]) => c === store.deletedAt)?.[0] ?? '';

export const isDeleted = (store: EntityStore, row: Selected): boolean => Boolean(store.deletedAt && row.row[deletedAtKey(store)] != null);
