/**
 * GET /order/getList, /order/getDetail and /order/exportList as each role calls them: every filter
 * of the order list maps exactly (times, amount +0.0001, usdtCount x1e6, mainProductId 3024,
 * notInOrderStatusIds), each role gets only its rows and its columns, and the export is the
 * filtered list as CSV with formulas neutralised.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { useTestServer } from './harness.js';
import { clearOrders, idsOf, insertOrders } from './order-fixtures.js';

const server = useTestServer();
const tokens: Record<string, string> = {};
let ids: Record<string, number> = {};
const at = (text: string) => new Date(`${text}Z`);

type Query = Record<string, unknown>;
const list = (role: string, query: Query = {}) => server.call('GET', '/order/getList', { token: tokens[role], query: { pageIndex: 1, pageSize: 50, ...query } });
const codes = async (role: string, query: Query = {}) => {
  const answer = await list(role, query);
  expect(answer.code, answer.msg).toBe(200);
  return answer.data.list.map((o: { orderCode: string }) => o.orderCode);
};

beforeAll(async () => {
  const db = server.database.db;
  await clearOrders(db);
  ids = await idsOf(db, ['merchant', 'merchant2', 'supplier', 'agent01', 'agent02', 'supplier2', 'agent03']);
  for (const role of ['admin', 'customerService', 'merchant', 'merchant2', 'supplier', 'agent01', 'technicalSupport']) tokens[role] = await server.login(role);
  await insertOrders(db, [
    { orderCode: 'LST-A1', merchantId: ids.merchant, supplierId: ids.supplier, accountId: 1, merchantOrderNo: 'M1-001', amount: 19_99, createdAt: at('2025-03-01 10:00:00') },
    {
      orderCode: 'LST-A2',
      merchantId: ids.merchant,
      supplierId: ids.agent01,
      merchantOrderNo: 'M1-002',
      status: 13,
      amount: 50_00,
      receivedAmount: 50_00,
      merchantFee: 125,
      supplierFee: 15,
      utr: 'UTR123456',
      createdAt: at('2025-03-02 11:00:00'),
      completedAt: at('2025-03-02 12:00:00'),
    },
    { orderCode: 'LST-A3', merchantId: ids.merchant2, supplierId: ids.supplier2, status: 10, amount: 19_99, createdAt: at('2025-03-03 09:00:00') },
    // A payout: never a row of the collection-order lists (the payout lists serve it).
    { orderCode: 'LST-P1', merchantId: ids.merchant2, supplierId: ids.supplier2, status: 10, orderType: 2, payoutStatus: 2, amount: 19_99, createdAt: at('2025-03-03 09:30:00') },
    {
      orderCode: 'LST-A4',
      merchantId: ids.merchant2,
      supplierId: ids.agent03,
      productId: 3015,
      status: 3,
      mark: 1,
      usdtCount: 1_500_000,
      usdtAddress: 'TAddr1',
      createdAt: at('2025-03-04 08:00:00'),
      completedAt: at('2025-03-04 10:00:00'),
    },
    {
      orderCode: 'LST-A5',
      merchantId: ids.merchant,
      productId: 3024,
      status: 5,
      description: 'Refund request',
      validateUserName: 'Ravi Kumar',
      userName: 'Ravi',
      clientIp: '10.1.2.3',
      identifyCode: 'CUST-9',
      supplemented: true,
      supplementType: 1,
      cardNumber: '123456',
      ifscCode: 'ABCD0123456',
      batchId: 7,
      payoutStatus: 2,
      processState: 1,
      createdAt: at('2025-03-05 08:00:00'),
    },
    {
      orderCode: 'LST-A6',
      merchantId: ids.merchant,
      supplierId: ids.agent02,
      merchantOrderNo: '-2+3',
      description: '=HYPERLINK("http://evil")',
      validateUserName: '+cmd',
      utr: '@SUM(A1)',
      createdAt: at('2025-03-06 08:00:00'),
    },
  ]);
});

describe('filters', () => {
  it('maps every filter of the order list to its column', async () => {
    const cases: [Query, string[]][] = [
      [{}, ['LST-A6', 'LST-A5', 'LST-A4', 'LST-A3', 'LST-A2', 'LST-A1']],
      [{ orderCode: 'LST-A2' }, ['LST-A2']],
      [{ merchantOrderId: 'M1-002' }, ['LST-A2']],
      [{ merchantId: ids.merchant2 }, ['LST-A4', 'LST-A3']],
      [{ supplierId: ids.agent01 }, ['LST-A2']],
      [{ productId: 3015 }, ['LST-A4']],
      [{ ipAddress: '10.1.2.3' }, ['LST-A5']],
      [{ orderStatusId: 13 }, ['LST-A2']],
      [{ orderType: 1 }, ['LST-A6', 'LST-A5', 'LST-A4', 'LST-A3', 'LST-A2', 'LST-A1']],
      [{ orderType: 2 }, []],
      [{ orderMark: 1 }, ['LST-A4']],
      [{ supplementStatus: true }, ['LST-A5']],
      [{ supplementType: 1 }, ['LST-A5']],
      [{ cardNumber: '123456' }, ['LST-A5']],
      [{ ifscCode: 'ABCD0123456' }, ['LST-A5']],
      [{ usdtAddress: 'TAddr1' }, ['LST-A4']],
      [{ identifyCode: 'CUST-9' }, ['LST-A5']],
      [{ utr: 'UTR123456' }, ['LST-A2']],
      [{ batchId: 7 }, ['LST-A5']],
      [{ payoutStatus: 2 }, ['LST-A5']],
      [{ processState: 1 }, ['LST-A5']],
      // Names and remarks match from their start, whatever the case.
      [{ description: 'refund' }, ['LST-A5']],
      [{ description: 'fund' }, []],
      [{ validateUserName: 'RAVI k' }, ['LST-A5']],
      [{ userName: 'rav' }, ['LST-A5']],
      // Creation time, then completion time, each YYYY-MM-DD HH:mm:ss, both ends included.
      [{ startTime: '2025-03-02 11:00:00', endTime: '2025-03-03 09:00:00' }, ['LST-A3', 'LST-A2']],
      [{ completedStartTime: '2025-03-04 00:00:00' }, ['LST-A4']],
      [{ completedEndTime: '2025-03-03 00:00:00' }, ['LST-A2']],
      // The main-product switch sends 3024; "show all" off sends [10].
      [{ mainProductId: 3024 }, ['LST-A5']],
      [{ notInOrderStatusIds: 10 }, ['LST-A6', 'LST-A5', 'LST-A4', 'LST-A2', 'LST-A1']],
      [{ merchantId: ids.merchant2, notInOrderStatusIds: 10, startTime: '2025-03-01 00:00:00', endTime: '2025-03-31 23:59:59' }, ['LST-A4']],
    ];
    for (const [query, expected] of cases) expect(await codes('admin', query), JSON.stringify(query)).toEqual(expected);
  });

  it("matches a broad status label by the statuses it groups, on the order list and the payout list", async () => {
    const cases: [string, string[]][] = [
      ['creating', []],
      ['processing', ['LST-A6', 'LST-A1']],
      // Paid, whatever the callback's outcome: submitted and callback succeeded.
      ['successful', ['LST-A4', 'LST-A2']],
      ['failed', ['LST-A5']],
      ['dismissed', []],
      ['closed', ['LST-A3']],
    ];
    for (const [statusGroup, expected] of cases) expect(await codes('admin', { statusGroup }), statusGroup).toEqual(expected);
    // The merchant's screen offers it too, over its own orders.
    expect(await codes('merchant', { statusGroup: 'successful' })).toEqual(['LST-A2']);
    const refused = await list('admin', { statusGroup: 'paid' });
    expect(refused.code).toBe(4000);
    expect(refused.msg).toContain('statusGroup');
    // The payout (preparing) is processing on the payout list, never successful.
    const payouts = async (statusGroup: string) => (await server.call('GET', '/payProxyOrder/getList', { token: tokens.admin, query: { pageIndex: 1, pageSize: 50, statusGroup } })).data.list.map((o: { orderCode: string }) => o.orderCode);
    expect(await payouts('processing')).toEqual(['LST-P1']);
    expect(await payouts('successful')).toEqual([]);
  });

  it('reads amounts as major-unit text plus 0.0001 back to exact minor units', async () => {
    // 19.99 typed is sent as 19.9901 and means 1999 minor units; never 1998 or 2000.
    expect(await codes('admin', { amount: '19.9901' })).toEqual(['LST-A3', 'LST-A1']);
    expect(await codes('admin', { amount: '19.99' })).toEqual(['LST-A3', 'LST-A1']);
    expect(await codes('admin', { amount: '19.9801' })).toEqual([]);
    expect(await codes('admin', { amount: '20.0001' })).toEqual([]);
    expect(await codes('admin', { currentReceivedMoney: '50.0001' })).toEqual(['LST-A2']);
    // USDT counts arrive x1e6: 1.5 USDT is 1500000.
    expect(await codes('admin', { usdtCount: 1_500_000 })).toEqual(['LST-A4']);
    expect(await codes('admin', { usdtCount: 1_500_001 })).toEqual([]);
  });

  it('refuses malformed filters naming the field', async () => {
    for (const [query, field] of [
      [{ amount: '1e3' }, 'amount'],
      [{ amount: '19.99999' }, 'amount'],
      [{ amount: '-1.0001' }, 'amount'],
      [{ usdtCount: '1.5' }, 'usdtCount'],
      [{ notInOrderStatusIds: 99 }, 'notInOrderStatusIds'],
      [{ orderStatusId: 42 }, 'orderStatusId'],
      [{ startTime: '2025-03-02' }, 'startTime'],
      [{ completedStartTime: '2025-03-05 00:00:00', completedEndTime: '2025-03-01 00:00:00' }, 'completedEndTime'],
      [{ sortField: 'passwordHash' }, 'sortField'],
    ] as [Query, string][]) {
      const answer = await list('admin', query);
      expect(answer.code, JSON.stringify(query)).toBe(4000);
      expect(answer.msg).toContain(field);
    }
  });

  it('sorts by a sortable column and pages without overlap', async () => {
    const asc = await codes('admin', { sortField: 'amount', sortOrder: 'asc', orderStatusId: 2 });
    expect(asc).toEqual(['LST-A1', 'LST-A6']);
    const first = await list('admin', { pageSize: 4 });
    const second = await list('admin', { pageSize: 4, pageIndex: 2 });
    expect(first.data.total).toBe(6);
    expect([...first.data.list, ...second.data.list].map((o: { orderCode: string }) => o.orderCode)).toEqual(['LST-A6', 'LST-A5', 'LST-A4', 'LST-A3', 'LST-A2', 'LST-A1']);
  });
});

describe('rows and columns per role', () => {
  it('gives a merchant only its own orders, without supplier columns or filters', async () => {
    expect(await codes('merchant')).toEqual(['LST-A6', 'LST-A5', 'LST-A2', 'LST-A1']);
    expect(await codes('merchant2')).toEqual(['LST-A4', 'LST-A3']);
    // Asking for another merchant's rows or filtering by supplier changes nothing: not its filters.
    expect(await codes('merchant', { merchantId: ids.merchant2 })).toEqual(['LST-A6', 'LST-A5', 'LST-A2', 'LST-A1']);
    expect(await codes('merchant', { supplierId: ids.agent01 })).toEqual(['LST-A6', 'LST-A5', 'LST-A2', 'LST-A1']);
    const [row] = (await list('merchant', { orderCode: 'LST-A2' })).data.list;
    expect(row).toMatchObject({ orderCode: 'LST-A2', merchantOrderNo: 'M1-002', merchantFee: 125, merchantId: ids.merchant });
    for (const hidden of ['supplierId', 'supplierName', 'supplierFee', 'accountId', 'merchantName', 'passwordHash', 'allocateInfo', 'extras']) expect(row).not.toHaveProperty(hidden);
  });

  it('gives a supplier its own and its agents orders, the agents screen only the agents, and no merchant columns', async () => {
    expect(await codes('supplier')).toEqual(['LST-A6', 'LST-A2', 'LST-A1']);
    expect(await codes('supplier', { isProxy: true })).toEqual(['LST-A6', 'LST-A2']);
    expect(await codes('supplier', { isProxy: true, supplierId: ids.agent02 })).toEqual(['LST-A6']);
    // An agent sees its own orders only.
    expect(await codes('agent01')).toEqual(['LST-A2']);
    const [row] = (await list('supplier', { orderCode: 'LST-A2' })).data.list;
    expect(row).toMatchObject({ orderCode: 'LST-A2', supplierName: 'agent01', supplierFee: 15, supplierId: ids.agent01 });
    for (const hidden of ['merchantId', 'merchantName', 'merchantOrderNo', 'merchantFee', 'notifyUrl']) expect(row).not.toHaveProperty(hidden);
  });

  it('gives customer service and admins every order with both sides named', async () => {
    expect(await codes('customerService')).toEqual(['LST-A6', 'LST-A5', 'LST-A4', 'LST-A3', 'LST-A2', 'LST-A1']);
    const [row] = (await list('customerService', { orderCode: 'LST-A2' })).data.list;
    expect(row).toMatchObject({ merchantName: 'merchant', supplierName: 'agent01', merchantOrderNo: 'M1-002', status: 13 });
    expect((await list('technicalSupport')).code).toBe(4003);
  });

  it('shows one order to those who may see it and "not found" to others', async () => {
    const [row] = (await list('admin', { orderCode: 'LST-A2' })).data.list;
    const detail = (role: string) => server.call('GET', '/order/getDetail', { token: tokens[role], query: { id: row.id } });
    expect((await detail('merchant')).data).toMatchObject({ orderCode: 'LST-A2', merchantFee: 125 });
    expect((await detail('merchant')).data).not.toHaveProperty('supplierFee');
    expect((await detail('supplier')).data).toMatchObject({ orderCode: 'LST-A2', supplierFee: 15 });
    expect((await detail('supplier')).data).not.toHaveProperty('merchantFee');
    expect((await detail('merchant2')).code).toBe(4004);
    expect((await detail('agent01')).code).toBe(200);
  });
});

describe('export', () => {
  const exportCsv = async (role: string, query: Query = {}): Promise<{ fileName: string; rows: string[][] }> => {
    const answer = await server.download('/order/exportList', { token: tokens[role], query });
    expect(answer.code, answer.msg).toBe(200);
    return { fileName: answer.fileName, rows: parse(answer.csv) };
  };

  it('writes the filtered list with the screen labels and formatted values', async () => {
    const file = await exportCsv('admin', { merchantId: ids.merchant, notInOrderStatusIds: 10 });
    expect(file.fileName).toMatch(/^orders-\d{8}-\d{6}\.csv$/);
    const [header, ...rows] = file.rows;
    expect(header.slice(0, 4)).toEqual(['Order ID', 'System order number', 'Merchant order ID', 'Merchant']);
    expect(header).toContain('Supplier');
    const col = (name: string) => header.indexOf(name);
    expect(rows.map((r) => r[col('System order number')])).toEqual(['LST-A6', 'LST-A5', 'LST-A2', 'LST-A1']);
    const a2 = rows.find((r) => r[col('System order number')] === 'LST-A2')!;
    expect(a2[col('Amount')]).toBe('50.00');
    expect(a2[col('Order status')]).toBe('Submitted');
    expect(a2[col('Supplier')]).toBe('agent01');
    expect(a2[col('Created at')]).toMatch(/^2025-03-02 \d{2}:00:00$/);
  });

  it('neutralises cells a spreadsheet would run as formulas', async () => {
    const { rows } = await exportCsv('admin', { orderCode: 'LST-A6' });
    const [header, row] = rows;
    expect(row[header.indexOf('Remarks')]).toBe(`'=HYPERLINK("http://evil")`);
    expect(row[header.indexOf('Verify name')]).toBe("'+cmd");
    expect(row[header.indexOf('UTR')]).toBe("'@SUM(A1)");
    expect(row[header.indexOf('Merchant order ID')]).toBe("'-2+3");
  });

  it('exports only the caller rows and columns, and refuses roles without export', async () => {
    const merchant = await exportCsv('merchant');
    expect(merchant.rows[0]).not.toContain('Supplier');
    expect(merchant.rows.slice(1).map((r) => r[merchant.rows[0].indexOf('System order number')])).toEqual(['LST-A6', 'LST-A5', 'LST-A2', 'LST-A1']);
    const supplier = await exportCsv('supplier', { isProxy: true });
    expect(supplier.rows[0]).not.toContain('Merchant');
    expect(supplier.rows.length).toBe(3);
    expect((await server.call('GET', '/order/exportList', { token: tokens.technicalSupport })).code).toBe(4003);
  });
});
