/**
 * The Refine data provider itself (src/providers/data.ts) over a mocked fetch: what goes on the wire for
 * each call, per the resource's `meta.api` (the API's paging, filter and scaling conventions).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIST_FIELDS, dataProvider, flattenFilters } from '../../src/providers/data';
import type { ResourceApi } from '../../resources/types';
import { orders as orderDeclaration } from '../../resources/orders';
import { usdtTransactions } from '../../resources/bank-statements';

interface Sent {
  url: URL;
  method: string;
  body: unknown;
  headers: Record<string, string>;
}
let sent: Sent[] = [];
let answer: unknown = null;

beforeEach(() => {
  sent = [];
  answer = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      sent.push({ url: new URL(input, 'http://admin.test'), method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined, headers: init.headers as Record<string, string> });
      return new Response(JSON.stringify({ code: 200, data: answer, msg: 'success' }), { status: 200 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const meta = (api: ResourceApi) => ({ api });
const last = () => sent[sent.length - 1];
const params = () => Object.fromEntries([...new Set(last().url.searchParams.keys())].map((k) => [k, last().url.searchParams.getAll(k)]));

describe('getList', () => {
  it('names the page size per resource: pageSize by default, pageNum where the platform names it so', async () => {
    answer = { list: [{ id: 1 }], total: 31 };
    const result = await dataProvider.getList({ resource: 'orders', pagination: { currentPage: 3, pageSize: 20 }, meta: meta({ list: '/order/getList' }) });
    expect(result).toEqual({ data: [{ id: 1 }], total: 31 });
    expect(last().url.pathname).toBe('/v1.0/order/getList');
    expect(last().method).toBe('GET');
    expect(params()).toEqual({ pageIndex: ['3'], pageSize: ['20'] });

    answer = { list: [], total: 0 };
    await dataProvider.getList({ resource: 'users', pagination: { currentPage: 1, pageSize: 10 }, meta: meta({ list: '/admin/getUserList', pageSizeParam: 'pageNum' }) });
    expect(params()).toEqual({ pageIndex: ['1'], pageNum: ['10'] });
  });

  it('sends notInOrderStatusIds=10 on order lists unless "show all" is on, and never on other lists', async () => {
    answer = { list: [], total: 0 };
    // As the list screen calls it: the resource's meta and the fields its filters follow.
    const orders = { ...meta({ list: '/order/getList' }), [LIST_FIELDS]: orderDeclaration.fields };
    await dataProvider.getList({ resource: 'orders', pagination: { currentPage: 1, pageSize: 10 }, meta: orders });
    expect(params().notInOrderStatusIds).toEqual(['10']);
    await dataProvider.getList({ resource: 'orders', pagination: { currentPage: 1, pageSize: 10 }, filters: [{ field: 'showAll', operator: 'eq', value: true }], meta: orders });
    expect(params().notInOrderStatusIds).toBeUndefined();
    expect(params().showAll).toBeUndefined();
    await dataProvider.getList({ resource: 'users', pagination: { currentPage: 1, pageSize: 10 }, meta: meta({ list: '/admin/getUserList' }) });
    expect(params().notInOrderStatusIds).toBeUndefined();
  });

  it('drops blank and null filters from the query, trims text and applies the filter conventions', async () => {
    answer = { list: [], total: 0 };
    await dataProvider.getList({
      resource: 'orders',
      pagination: { currentPage: 1, pageSize: 10 },
      filters: [
        { field: 'orderCode', operator: 'eq', value: '  P123 ' },
        { field: 'merchantOrderId', operator: 'eq', value: '   ' },
        { field: 'supplierId', operator: 'eq', value: null },
        { field: 'cardNumber', operator: 'eq', value: undefined },
        { field: 'amount', operator: 'eq', value: '19.99' },
        { field: 'usdtCount', operator: 'eq', value: '0.07' },
        { field: 'mainProduct', operator: 'eq', value: true },
        { field: 'startTime', operator: 'gte', value: new Date(2024, 0, 2, 3, 4, 5) },
      ],
      meta: { ...meta({ list: '/order/getList' }), [LIST_FIELDS]: orderDeclaration.fields },
    });
    expect(params()).toEqual({
      pageIndex: ['1'],
      pageSize: ['10'],
      orderCode: ['P123'],
      amount: ['19.9901'],
      usdtCount: ['70000'],
      mainProductId: ['3024'],
      notInOrderStatusIds: ['10'],
      startTime: ['2024-01-02 03:04:05'],
    });
  });

  it("sends a filter as its field's type says, whatever its name: the USDT records' amount in micro units", async () => {
    answer = { list: [], total: 0 };
    const usdtMeta = { ...meta({ list: usdtTransactions.api.list }), [LIST_FIELDS]: usdtTransactions.fields };
    await dataProvider.getList({ resource: 'usdtTransactions', pagination: { currentPage: 1, pageSize: 10 }, filters: [{ field: 'amount', operator: 'eq', value: '12.5' }], meta: usdtMeta });
    expect(params().amount).toEqual(['12500000']);
    // Without declared fields a filter goes as typed: no rule is keyed by a name.
    await dataProvider.getList({ resource: 'orders', pagination: { currentPage: 1, pageSize: 10 }, filters: [{ field: 'amount', operator: 'eq', value: '19.99' }], meta: meta({ list: '/order/getList' }) });
    expect(params().amount).toEqual(['19.99']);
  });

  it('passes the first sorter', async () => {
    answer = { list: [], total: 0 };
    await dataProvider.getList({ resource: 'users', pagination: { currentPage: 1, pageSize: 10 }, sorters: [{ field: 'createdAt', order: 'desc' }], meta: meta({ list: '/admin/getUserList' }) });
    expect(params()).toMatchObject({ sortField: ['createdAt'], sortOrder: ['desc'] });
  });
});

describe('single rows', () => {
  it('getOne sends the id under the resource id parameter', async () => {
    answer = { id: 7, account: 'x' };
    expect((await dataProvider.getOne({ resource: 'users', id: 7, meta: meta({ one: '/admin/getUser' }) })).data).toEqual({ id: 7, account: 'x' });
    expect(last().url.pathname).toBe('/v1.0/admin/getUser');
    expect(params()).toEqual({ id: ['7'] });
    await dataProvider.getOne({ resource: 'messages', id: 9, meta: meta({ one: '/message/content', idParam: 'msg_id' }) });
    expect(params()).toEqual({ msg_id: ['9'] });
  });

  it('deleteOne is a GET by default (the spec deletes with GET) and a POST body when declared', async () => {
    await dataProvider.deleteOne({ resource: 'users', id: 5, meta: meta({ delete: '/admin/deleteUser' }) });
    expect(last()).toMatchObject({ method: 'GET', body: undefined });
    expect(params()).toEqual({ id: ['5'] });
    await dataProvider.deleteOne({ resource: 'users', id: 4, meta: meta({ delete: '/admin/deleteUser', deleteMethod: 'GET' }) });
    expect(last()).toMatchObject({ method: 'GET' });
    await dataProvider.deleteOne({ resource: 'bankNumbers', id: 6, meta: meta({ delete: '/bankNumber/delete', deleteMethod: 'POST', idParam: 'bankId' }) });
    expect(last()).toMatchObject({ method: 'POST', body: { bankId: 6 } });
    expect(last().url.search).toBe('');
  });

  it('create and update post JSON; update carries the id', async () => {
    answer = { id: 11 };
    await dataProvider.create({ resource: 'users', variables: { account: 'a1' }, meta: meta({ create: '/admin/addUser' }) });
    expect(last()).toMatchObject({ method: 'POST', body: { account: 'a1' } });
    expect(last().headers['content-type']).toBe('application/json');
    await dataProvider.update({ resource: 'users', id: 11, variables: { nickname: 'N' }, meta: meta({ update: '/admin/updateUser' }) });
    expect(last()).toMatchObject({ method: 'POST', body: { nickname: 'N', id: 11 } });
  });

  it('refuses a resource without the call it needs', async () => {
    await expect(dataProvider.getOne({ resource: 'x', id: 1, meta: meta({}) })).rejects.toThrow(/no detail call/);
    await expect(dataProvider.getList({ resource: 'x', meta: {} })).rejects.toThrow(/declares no meta.api/);
  });
});

describe('flattenFilters', () => {
  it('keeps field filters as field -> value and skips conditional ones', () => {
    expect(
      flattenFilters([
        { field: 'startTime', operator: 'gte', value: 'a' },
        { field: 'endTime', operator: 'lte', value: 'b' },
        { operator: 'or', value: [{ field: 'x', operator: 'eq', value: 1 }] },
      ]),
    ).toEqual({ startTime: 'a', endTime: 'b' });
  });
});
