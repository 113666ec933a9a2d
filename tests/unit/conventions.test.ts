import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { orderCreateAmount, toListQuery, toPaging, toSecurityFreqPayload } from '../../src/providers/conventions';
import { flattenFilters } from '../../src/providers/data';

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

  it('adds 0.0001 to amount and received money, exactly', () => {
    expect(toListQuery({ amount: '19.99', currentReceivedMoney: 0.07 })).toEqual({ amount: '19.9901', currentReceivedMoney: '0.0701' });
    expect(toListQuery({ amount: '1234567.89' }).amount).toBe('1234567.8901');
  });

  it('multiplies usdtCount by 1e6 exactly', () => {
    expect(toListQuery({ usdtCount: '0.07' }).usdtCount).toBe(70_000);
    expect(toListQuery({ usdtCount: '19.99' }).usdtCount).toBe(19_990_000);
    expect(toListQuery({ usdtCount: 1234567.89 }).usdtCount).toBe(1_234_567_890_000);
  });

  it('sends mainProductId 3024 when the main-product flag is set', () => {
    expect(toListQuery({ mainProduct: true })).toEqual({ mainProductId: 3024 });
    expect(toListQuery({ mainProduct: false })).toEqual({ mainProductId: null });
  });

  it('hides status 10 on order lists unless all statuses are shown', () => {
    expect(toListQuery({}, { orderList: true })).toEqual({ notInOrderStatusIds: [10] });
    expect(toListQuery({ showAll: true }, { orderList: true })).toEqual({ notInOrderStatusIds: null });
    expect(toListQuery({})).toEqual({});
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
