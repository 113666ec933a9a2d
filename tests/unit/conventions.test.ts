import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { orderCreateAmount, toListQuery, toPaging, toSecurityFreqPayload } from '../../src/providers/conventions';
import { flattenFilters } from '../../src/providers/data';
import { orderFields } from '../../resources/orders/fields';
import { usdtRecordFields } from '../../resources/bank-statements/fields';
import type { FieldDeclaration } from '../../resources/types';

const money = (name: string): FieldDeclaration => ({ name, type: 'money', filter: 'exact' });
const usdt = (name: string): FieldDeclaration => ({ name, type: 'usdt', filter: 'exact' });

describe('list conventions', () => {
  it('pages with pageIndex and pageSize or pageNum', () => {
    expect(toPaging(2, 20)).toEqual({ pageIndex: 2, pageSize: 20 });
    expect(toPaging(1, 50, 'pageNum')).toEqual({ pageIndex: 1, pageNum: 50 });
  });

  it('trims filters and sends blanks as null', () => {
    expect(toListQuery({ nickname: '  bob ', account: '   ', access: '', role: undefined })).toEqual({
      nickname: 'bob',
      account: null,
      access: null,
      role: null,
    });
  });

  it('formats times as YYYY-MM-DD HH:mm:ss', () => {
    const q = toListQuery({ startTime: dayjs('2026-03-04T05:06:07'), endTime: new Date(2026, 2, 4, 23, 59, 59) });
    expect(q).toEqual({ startTime: '2026-03-04 05:06:07', endTime: '2026-03-04 23:59:59' });
  });

  it('adds 0.0001 to every money filter, exactly, whatever its name', () => {
    const fields = [money('amount'), { ...money('receivedAmount'), filterName: 'currentReceivedMoney' }, money('fee')];
    expect(toListQuery({ amount: '19.99', currentReceivedMoney: 0.07, fee: '5' }, fields)).toEqual({ amount: '19.9901', currentReceivedMoney: '0.0701', fee: '5.0001' });
    expect(toListQuery({ amount: '1234567.89' }, fields).amount).toBe('1234567.8901');
    // Not a decimal: sent as typed, so the server names the field.
    expect(toListQuery({ amount: 'abc' }, fields).amount).toBe('abc');
  });

  it('sends every usdt filter in micro units exactly, whatever its name', () => {
    const fields = [usdt('usdtCount'), usdt('amount')];
    expect(toListQuery({ usdtCount: '0.07' }, fields).usdtCount).toBe(70_000);
    expect(toListQuery({ usdtCount: '19.99' }, fields).usdtCount).toBe(19_990_000);
    expect(toListQuery({ usdtCount: 1234567.89 }, fields).usdtCount).toBe(1_234_567_890_000);
    // The USDT transaction records' amount is a usdt field: 12.5 is 12,500,000 micro units, never 12.5001.
    expect(toListQuery({ amount: '12.5' }, usdtRecordFields([])).amount).toBe(12_500_000);
  });

  it('sends mainProductId 3024 when the main-product switch is on', () => {
    expect(toListQuery({ mainProduct: true }, orderFields)).toMatchObject({ mainProductId: 3024 });
    expect(toListQuery({ mainProduct: false }, orderFields)).toMatchObject({ mainProductId: null });
    expect(toListQuery({}, orderFields)).not.toHaveProperty('mainProductId');
  });

  it('hides status 10 on order lists unless all statuses are shown', () => {
    expect(toListQuery({}, orderFields)).toEqual({ notInOrderStatusIds: [10] });
    expect(toListQuery({ showAll: true }, orderFields)).toEqual({ notInOrderStatusIds: null });
    expect(toListQuery({ showAll: 'false' }, orderFields)).toEqual({ notInOrderStatusIds: [10] });
    expect(toListQuery({})).toEqual({});
  });

  it('passes names no declared filter uses as they are, money-like or not', () => {
    expect(toListQuery({ amount: '19.99', usdtCount: '1', mainProduct: true })).toEqual({ amount: '19.99', usdtCount: '1', mainProduct: true });
  });

  it('flattens Refine filters', () => {
    expect(flattenFilters([{ field: 'orderCode', operator: 'eq', value: ' A1 ' }])).toEqual({ orderCode: ' A1 ' });
  });
});

describe('payload conventions', () => {
  it('multiplies the order amount by 100, or 10000 for product 1045', () => {
    expect(orderCreateAmount('19.99', 1034)).toBe(1999);
    expect(orderCreateAmount('0.07', '1034')).toBe(7);
    expect(orderCreateAmount('1234567.89', 1034)).toBe(123456789);
    expect(orderCreateAmount('19.99', 1045)).toBe(199900);
  });

  it('sends minReliableCheckAmount times 100', () => {
    expect(toSecurityFreqPayload({ minReliableCheckAmount: '0.07', type: 1 })).toEqual({ minReliableCheckAmount: 7, type: 1 });
    expect(toSecurityFreqPayload({ minReliableCheckAmount: 19.99 }).minReliableCheckAmount).toBe(1999);
  });
});
