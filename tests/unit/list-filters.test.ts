/**
 * The list's filter conventions end to end on the admin side: the filter form's values become the
 * Refine filters kept in the URL, the URL's text comes back as the form's values after a reload,
 * and the query the server gets follows the platform's rules (the order list's declaration).
 */
import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import type { CrudFilter } from '@refinedev/core';
import { orders } from '../../resources/orders';
import { listQueryOf } from '../../resources/common/list-query';
import { toFilters, toFormValues } from '../../src/components/resource/listFilters';
import { LIST_FIELDS, listParams } from '../../src/providers/data';

const fields = orders.fields!;
const value = (filters: CrudFilter[], field: string) => filters.find((f) => 'field' in f && f.field === field)?.value;
/** What the URL gives back: every value as text, as qs parses it. */
const throughUrl = (filters: CrudFilter[]): CrudFilter[] =>
  filters.filter((f) => 'field' in f && f.value !== null).map((f) => ({ ...f, value: String((f as { value: unknown }).value) }) as CrudFilter);

describe('order list filters', () => {
  const form = {
    orderCode: ' P123 ',
    orderStatusId: 3,
    merchantId: 7,
    amount: '19.99',
    createdAt: [dayjs('2025-03-01 00:00:00'), dayjs('2025-03-31 23:59:59')],
    completedAt: [null, dayjs('2025-04-01 12:00:00')],
    mainProduct: true,
    supplementStatus: false,
    showAll: false,
  };

  it('turns the form into filters: ranges by their names as text, switches only when on', () => {
    const filters = toFilters(fields, form);
    expect(value(filters, 'startTime')).toBe('2025-03-01 00:00:00');
    expect(value(filters, 'endTime')).toBe('2025-03-31 23:59:59');
    expect(value(filters, 'completedStartTime')).toBeNull();
    expect(value(filters, 'completedEndTime')).toBe('2025-04-01 12:00:00');
    expect(value(filters, 'mainProduct')).toBe(true);
    expect(value(filters, 'showAll')).toBeNull();
    expect(value(filters, 'orderStatusId')).toBe(3);
    // Filters without an input of their own are never sent from the form.
    expect(value(filters, 'notInOrderStatusIds')).toBeUndefined();
    expect(value(filters, 'isProxy')).toBeUndefined();
  });

  it('reads the URL back into the form after a reload', () => {
    const back = toFormValues(fields, throughUrl(toFilters(fields, { ...form, showAll: true })));
    expect(back).toMatchObject({ orderCode: ' P123 ', orderStatusId: 3, merchantId: 7, amount: '19.99', mainProduct: true, supplementStatus: false, showAll: true });
    expect((back.createdAt as dayjs.Dayjs[]).map((d) => d.format('YYYY-MM-DD HH:mm:ss'))).toEqual(['2025-03-01 00:00:00', '2025-03-31 23:59:59']);
    expect((back.completedAt as (dayjs.Dayjs | null)[])[0]).toBeNull();
    expect(toFormValues(fields, [])).toEqual({});
  });

  it('sends the platform conventions, also from the URL text of a reload', () => {
    const meta = { [LIST_FIELDS]: fields };
    for (const filters of [toFilters(fields, form), throughUrl(toFilters(fields, form))]) {
      const query = listParams(filters, [{ field: 'amount', order: 'asc' }], meta);
      expect(query).toMatchObject({ orderCode: 'P123', amount: '19.9901', mainProductId: 3024, notInOrderStatusIds: [10], startTime: '2025-03-01 00:00:00', sortField: 'amount', sortOrder: 'asc' });
    }
    // Switches that are off stay off when the URL gives them back as text.
    const off = listParams(
      [
        { field: 'mainProduct', operator: 'eq', value: 'false' },
        { field: 'showAll', operator: 'eq', value: 'true' },
      ],
      [],
      meta,
    );
    expect(off).toMatchObject({ mainProductId: null, notInOrderStatusIds: null });
    // The agents' screen always asks for the agents' orders.
    expect(listParams([], [], { ...meta, listQuery: { isProxy: true } })).toMatchObject({ isProxy: true });
  });

  it('is read by the server with the same declaration: money to minor units, usdt in micro units', () => {
    const schema = listQueryOf(fields);
    expect(schema.parse({ amount: '19.9901', currentReceivedMoney: '0.0701', usdtCount: '70000', notInOrderStatusIds: '10' })).toMatchObject({
      amount: 1999,
      currentReceivedMoney: 7,
      usdtCount: 70_000,
      notInOrderStatusIds: [10],
    });
    expect(schema.parse({ amount: '1234567.8901' }).amount).toBe(123_456_789);
    for (const bad of [{ amount: '1e3' }, { amount: '19.99999' }, { amount: '-1' }, { usdtCount: '0.5' }, { notInOrderStatusIds: '99' }, { completedStartTime: '2025-02-01 00:00:00', completedEndTime: '2025-01-01 00:00:00' }]) {
      expect(schema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
