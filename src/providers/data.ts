/**
 * Refine data provider over the /v1.0 API. Paths and paging come from each resource's `meta.api`
 * (see resources/types.ts); filters travel as the list's declared fields say (`meta.declaredFields`,
 * resources/common/filter-wire.ts), which the list screen passes with every call.
 */
import type { BaseRecord, CrudFilter, CrudSort, DataProvider } from '@refinedev/core';
import { get, post } from './http';
import { toListQuery, toPaging, type FilterValue } from './conventions';
import type { FieldDeclaration, ResourceApi } from '../../resources/types';

const apiOf = (meta: Record<string, unknown> | undefined, resource: string): ResourceApi => {
  const api = meta?.api as ResourceApi | undefined;
  if (!api) throw new Error(`resource ${resource} declares no meta.api`);
  return api;
};

/**
 * Flattens Refine's field filters to `{field: value}` (the operator is not sent; a later filter of
 * the same field wins; conditional or/and filters are skipped). Ranges arrive already split: the
 * list screen turns a time range into two filters named startTime and endTime
 * (src/components/resource/ResourceList.tsx), so nothing here builds start/end fields.
 */
export function flattenFilters(filters: CrudFilter[] = []): Record<string, FilterValue> {
  const out: Record<string, FilterValue> = {};
  for (const filter of filters) {
    if (!('field' in filter)) continue;
    out[filter.field] = filter.value as FilterValue;
  }
  return out;
}

/** The list's declared fields, which the list screen gives in the call's meta (ResourceList). */
export const LIST_FIELDS = 'declaredFields';

/**
 * The filters and sort of a list call (without paging), as getList sends them and the export sends
 * them again: each filter as its declared field says (`meta.declaredFields`), then the role
 * variant's fixed filters (`meta.listQuery`: the agents' orders screen always asks isProxy=true).
 */
export function listParams(filters: CrudFilter[] = [], sorters: CrudSort[] = [], meta?: Record<string, unknown>): Record<string, unknown> {
  const query = toListQuery(flattenFilters(filters), (meta?.[LIST_FIELDS] as FieldDeclaration[] | undefined) ?? []);
  const sort = sorters[0] ? { sortField: sorters[0].field, sortOrder: sorters[0].order } : {};
  return { ...query, ...sort, ...(meta?.listQuery as Record<string, unknown> | undefined) };
}

/** Route params arrive as text ("4"); a JSON body carries a row id as a number, as the server requires. */
const bodyId = (id: string | number | undefined) => (typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : id);

export const dataProvider: DataProvider = {
  getApiUrl: () => '/v1.0',

  async getList({ resource, pagination, filters, sorters, meta }) {
    const api = apiOf(meta, resource);
    if (!api.list) throw new Error(`resource ${resource} has no list call`);
    const paging = toPaging(pagination?.currentPage ?? 1, pagination?.pageSize ?? 10, api.pageSizeParam);
    const params = { ...paging, ...listParams(filters, sorters, meta) };
    const data = await (api.listMethod === 'POST' ? post : get)<{ list: BaseRecord[]; total: number; totalCapped?: boolean }>(api.list, params, { silent: true });
    // totalCapped: the server stopped counting at `total` (a list of a million orders).
    return { data: data.list as never, total: data.total, ...(data.totalCapped ? { totalCapped: true } : {}) };
  },

  async getOne({ resource, id, meta }) {
    const api = apiOf(meta, resource);
    if (!api.one) throw new Error(`resource ${resource} has no detail call`);
    const data = await get<BaseRecord>(api.one, { [api.idParam ?? 'id']: id }, { silent: true });
    return { data: data as never };
  },

  async create({ resource, variables, meta }) {
    const api = apiOf(meta, resource);
    if (!api.create) throw new Error(`resource ${resource} has no create call`);
    const data = await post<BaseRecord>(api.create, variables, { silent: true });
    return { data: (data ?? variables) as never };
  },

  async update({ resource, id, variables, meta }) {
    const api = apiOf(meta, resource);
    if (!api.update) throw new Error(`resource ${resource} has no update call`);
    const data = await post<BaseRecord>(api.update, { ...(variables as object), [api.idParam ?? 'id']: bodyId(id) }, { silent: true });
    return { data: (data ?? { id, ...(variables as object) }) as never };
  },

  async deleteOne({ resource, id, meta }) {
    const api = apiOf(meta, resource);
    if (!api.delete) throw new Error(`resource ${resource} has no delete call`);
    const key = api.idParam ?? 'id';
    const data = api.deleteMethod === 'POST' ? await post(api.delete, { [key]: bodyId(id) }, { silent: true }) : await get(api.delete, { [key]: id }, { silent: true });
    return { data: (data ?? { id }) as never };
  },

  async custom({ url, method, payload, query }) {
    const data = method === 'get' ? await get(url, query as Record<string, unknown>, { silent: true }) : await post(url, payload, { silent: true });
    return { data: data as never };
  },
};
