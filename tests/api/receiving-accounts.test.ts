import { beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { useTestServer } from './harness.js';
import { hashPassword } from '../../server/security/passwords.js';
import { auditRecords, receivingAccounts, users } from '../../server/db/schema/index.js';
import { CHANNELS, channelOf } from '../../resources/receiving-accounts/kind.js';
import { accountApi, type AccountKind } from '../../resources/receiving-accounts/kind.js';
import { isPayoutProduct } from '../../resources/products/catalogue.js';

const server = useTestServer();
const tokens: Record<string, string> = {};
let otherSupplierId = 0;

beforeAll(async () => {
  for (const account of ['admin', 'supplier', 'customerService']) tokens[account] = await server.login(account);
  // A second supplier, written directly: creating suppliers is another screen's concern.
  const [other] = await server.database.db.insert(users).values({ account: 'scopeSupplier', nickname: 'Scope supplier', role: 'supplier', passwordHash: await hashPassword('Secret123') }).returning();
  otherSupplierId = other.id;
  tokens.supplier2 = await server.login('scopeSupplier', 'Secret123');
});

/** A valid value for every field any kind may declare. */
const SAMPLE: Record<string, unknown> = {
  channelType: 'bankCard',
  mode: 'manual',
  pageType: 'standard',
  platformType: 'web',
  channelId: 'ch_001',
  bankName: 'Test Bank',
  accountName: 'Test Account',
  cardNumber: '123456789012',
  ifscCode: 'ABCD0123456',
  upiAccount: 'test@upi',
  bankUserName: 'netuser',
  loginPassword: 'Login#Secret1',
  userCode: 'UserCode#778899',
  transactionPassword: 'Trans#Secret1',
  nickname: 'Nick',
  walletName: 'Wallet',
  walletAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  minAmount: 10_000,
  maxAmount: 5_000_000,
  dailyCountLimit: 100,
  dailyAmountLimit: 10_000_000,
  floatAmount: 5,
  maxConcurrentOrders: 10,
  minAcceptBalance: 0,
  freezeAmount: 0,
  extendFields: 'branch=Main',
};
const SECRETS = ['Login#Secret1', 'UserCode#778899', 'Trans#Secret1'];

const validBody = (kind: AccountKind, extra: Record<string, unknown> = {}) => ({
  productId: kind.products[0],
  ...Object.fromEntries(Object.keys(kind.fields).map((name) => [name, SAMPLE[name]])),
  ...extra,
});
/** Who creates accounts of a kind: its supplier, or an admin naming the supplier when the kind has no supplier screen. */
const owner = (kind: AccountKind) => (kind.subjects.includes(kind.kind) ? { token: () => tokens.supplier, extra: {} } : { token: () => tokens.admin, extra: { supplierId: supplierIdOf('supplier') } });
let supplierIds: Record<string, number> = {};
const supplierIdOf = (account: string) => supplierIds[account];
beforeAll(async () => {
  const rows = await server.database.db.select({ id: users.id, account: users.account }).from(users);
  supplierIds = Object.fromEntries(rows.map((r) => [r.account, r.id]));
});

const rowCount = async () => (await server.database.db.select({ id: receivingAccounts.id }).from(receivingAccounts)).length;
const create = (kind: AccountKind, body: Record<string, unknown>, token = owner(kind).token()) => server.call('POST', accountApi(kind.kind).create, { token, body: { ...owner(kind).extra, ...body } });
const list = (kind: AccountKind, token: string, query: Record<string, unknown> = {}) => server.call('GET', accountApi(kind.kind).list, { token, query: { pageIndex: 1, pageSize: 50, ...query } });

describe('demo data', () => {
  it('gives the demo supplier an enabled card-to-card account for 1034 accepting 100.00 to 50,000.00', async () => {
    const page = await list(channelOf('internationalCardToCard')!, tokens.supplier, { productId: 1034, state: 0 });
    expect(page.code).toBe(200);
    expect(page.data.list).toContainEqual(expect.objectContaining({ productId: 1034, state: 0, minAmount: 10_000, maxAmount: 5_000_000 }));
  });
});

describe.each(CHANNELS.map((kind) => [kind.kind, kind] as const))('%s accounts', (_name, kind) => {
  let created: any;

  it('creates an account, disabled, with secrets masked and stored encrypted', async () => {
    const result = await create(kind, validBody(kind));
    expect(result.code, result.msg).toBe(200);
    created = result.data;
    expect(created).toMatchObject({ productId: kind.products[0], state: 1, supplierId: supplierIdOf('supplier') });
    const text = JSON.stringify(result.data);
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    const [row] = await server.database.db.select().from(receivingAccounts).where(eq(receivingAccounts.id, created.id));
    for (const secret of SECRETS) expect(JSON.stringify(row)).not.toContain(secret);
    const [audit] = await server.database.db.select().from(auditRecords).orderBy(desc(auditRecords.id)).limit(1);
    expect(audit).toMatchObject({ action: `${kind.kind}.create`, target: String(created.id) });
  });

  it('lists with filters: admin by supplier, product and state; text filters match part of a value', async () => {
    const byAdmin = await list(kind, tokens.admin, { supplierId: supplierIdOf('supplier'), productId: kind.products[0], state: 1 });
    expect(byAdmin.code).toBe(200);
    expect(byAdmin.data.list.map((r: any) => r.id)).toContain(created.id);
    expect(byAdmin.data.list.every((r: any) => r.state === 1 && r.supplierId === supplierIdOf('supplier'))).toBe(true);
    expect((await list(kind, tokens.admin, { supplierId: otherSupplierId })).data.list).toEqual([]);
    const textFilter = ['accountName', 'nickname', 'cardNumber'].find((f) => f in kind.fields)!;
    const part = String(SAMPLE[textFilter]).slice(1, 6);
    const byText = await list(kind, tokens.admin, { [textFilter]: ` ${part} ` });
    expect(byText.data.list.map((r: any) => r.id)).toContain(created.id);
    expect((await list(kind, tokens.admin, { [textFilter]: 'no-such-value' })).data.total).toBe(0);
    const text = JSON.stringify(byAdmin.data);
    for (const secret of SECRETS) expect(text).not.toContain(secret);
  });

  it('edits an account; a blank secret keeps the stored one', async () => {
    const [before] = await server.database.db.select().from(receivingAccounts).where(eq(receivingAccounts.id, created.id));
    const changes = { ...validBody(kind), id: created.id, minAmount: 20_000, maxAmount: '', loginPassword: '', userCode: '', transactionPassword: '' };
    const result = await server.call('POST', accountApi(kind.kind).update, { token: owner(kind).token(), body: changes });
    expect(result.code, result.msg).toBe(200);
    expect(result.data).toMatchObject({ minAmount: 20_000, maxAmount: null });
    const [after] = await server.database.db.select().from(receivingAccounts).where(eq(receivingAccounts.id, created.id));
    expect(after.secrets).toEqual(before.secrets);
    const detail = await server.call('GET', accountApi(kind.kind).one, { token: tokens.admin, query: { id: created.id } });
    expect(detail.data).toMatchObject({ id: created.id, minAmount: 20_000 });
  });

  it('switches on and off, and shows the resource detail with its QR code', async () => {
    const token = kind.subjects.includes(kind.kind) ? tokens.supplier : tokens.admin;
    const on = await server.call('POST', '/resource/enableResource', { token, body: { resourceId: created.id, productId: kind.products[0], enable: true } });
    expect(on).toMatchObject({ code: 200, data: { state: 0 } });
    const detail = await server.call('GET', '/resource/getResourceDetailInfo', { token, query: { resourceId: created.id, productId: kind.products[0] } });
    expect(detail.data).toMatchObject({ id: created.id, productId: kind.products[0], state: 0, processingOrderCount: 0, processingOrderAmount: 0 });
    if (isPayoutProduct(kind.products[0])) {
      // A payout account has no public pay page, so no link to hand out.
      expect(detail.data).toMatchObject({ link: null, jumpLink: null, qrCode: null });
    } else {
      expect(detail.data.link).toMatch(/^https?:\/\//);
      expect(detail.data.jumpLink).toMatch(/^https?:\/\//);
      expect(detail.data.qrCode).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]{200,}$/);
    }
    const off = await server.call('POST', '/resource/enableResource', { token: tokens.admin, body: { resourceId: created.id, productId: kind.products[0], enable: false } });
    expect(off.data.state).toBe(1);
    expect((await list(kind, tokens.admin, { state: 1 })).data.list.map((r: any) => r.id)).toContain(created.id);
  });

  it('refuses every missing required field by name and writes nothing', async () => {
    const required = Object.entries(kind.fields).filter(([, need]) => need === 'required').map(([name]) => name);
    for (const field of ['productId', ...required]) {
      const before = await rowCount();
      const result = await create(kind, validBody(kind, { [field]: field === 'productId' ? null : '' }));
      expect(result.code, field).toBe(4000);
      expect(result.msg).toContain(field);
      expect(await rowCount()).toBe(before);
    }
  });

  it('refuses a product the kind does not serve', async () => {
    const result = await create(kind, validBody(kind, { productId: 9999 }));
    expect(result.code).toBe(4000);
    expect(result.msg).toContain('productId');
  });

  it('lets customer service read but not change accounts', async () => {
    expect((await list(kind, tokens.customerService)).code).toBe(200);
    expect((await create(kind, validBody(kind), tokens.customerService)).code).toBe(4003);
    const off = await server.call('POST', '/resource/enableResource', { token: tokens.customerService, body: { resourceId: created.id, enable: true } });
    expect(off.code).toBe(4003);
  });

  it('deletes an account (it leaves the list)', async () => {
    const extra = await create(kind, validBody(kind));
    expect((await server.call('POST', accountApi(kind.kind).delete, { token: owner(kind).token(), body: { id: extra.data.id } })).code).toBe(200);
    expect((await list(kind, tokens.admin)).data.list.map((r: any) => r.id)).not.toContain(extra.data.id);
  });
});

describe('validation of the account fields (same schema as the form)', () => {
  const card = () => channelOf('internationalCardToCard')!;
  it.each([
    ['ifscCode', 'abcd0123456', '11 characters'],
    ['ifscCode', 'ABCD1123456', '11 characters'],
    ['ifscCode', 'ABCD012345', '11 characters'],
    ['ifscCode', 'ABCD012345XY', '11 characters'],
    ['cardNumber', '1234abcd', 'digits only'],
    ['cardNumber', '1'.repeat(21), 'digits only'],
    ['bankName', 'B'.repeat(129), 'at most 128'],
    ['accountName', 'A'.repeat(129), 'at most 128'],
    ['floatAmount', 101, 'must not exceed 100'],
    ['floatAmount', -101, 'at least -100'],
    ['floatAmount', 1.5, 'whole number'],
    ['minAmount', 'abc', 'is not a number'],
    ['minAmount', -5, 'must not be negative'],
    ['minAmount', '1.234', 'at most 2 decimals'],
    ['minAmount', 0, 'must be greater than 0'],
    ['minAmount', 2 ** 60, 'must not exceed 90071992547409.91'],
    ['dailyCountLimit', 2.5, 'whole number'],
    ['maxConcurrentOrders', 501, 'must not exceed 500'],
    ['channelType', 'carrierPigeon', 'allowed values'],
  ])('refuses %s = %j naming the field, and writes nothing', async (field, value, reason) => {
    const before = await rowCount();
    const result = await create(card(), validBody(card(), { [field]: value }));
    expect(result.code).toBe(4000);
    expect(result.msg).toContain(field);
    expect(result.msg).toContain(reason);
    expect(await rowCount()).toBe(before);
  });

  it('refuses a minimum above the maximum, on the maximum field', async () => {
    const result = await create(card(), validBody(card(), { minAmount: 600_000, maxAmount: 500_000 }));
    expect(result).toMatchObject({ code: 4000 });
    expect(result.msg).toContain('maxAmount');
    expect(result.msg).toContain('must not be less than the minimum');
  });

  it('accepts a blank maximum (no limit), a blank float (0) and the float bounds', async () => {
    const open = await create(card(), validBody(card(), { maxAmount: '', floatAmount: '' }));
    expect(open.data).toMatchObject({ maxAmount: null, floatAmount: 0 });
    for (const floatAmount of [100, -100]) expect((await create(card(), validBody(card(), { floatAmount }))).data.floatAmount).toBe(floatAmount);
  });

  it('takes the state chosen on create (enabled, or disabled when not given) and refuses any other', async () => {
    const on = await create(card(), validBody(card(), { state: 0 }));
    expect(on.data).toMatchObject({ state: 0, enabled: true });
    const [row] = await server.database.db.select().from(receivingAccounts).where(eq(receivingAccounts.id, on.data.id));
    expect(row.enabled).toBe(true);
    expect((await create(card(), validBody(card(), { state: '' }))).data.state).toBe(1);
    const before = await rowCount();
    const bad = await create(card(), validBody(card(), { state: 7 }));
    expect(bad.code).toBe(4000);
    expect(bad.msg).toContain('state');
    expect(await rowCount()).toBe(before);
  });

  it('refuses an admin create without a supplier', async () => {
    const result = await server.call('POST', accountApi('internationalCardToCard').create, { token: tokens.admin, body: validBody(card()) });
    expect(result.code).toBe(4000);
    expect(result.msg).toContain('supplierId');
  });
});

describe('row scope: a supplier sees and changes only its own accounts', () => {
  const card = () => channelOf('internationalCardToCard')!;
  let mine: any;
  beforeAll(async () => {
    // The other supplier names the demo supplier as owner: the server ignores it.
    mine = (await create(card(), validBody(card(), { supplierId: supplierIdOf('supplier'), accountName: 'Second supplier card' }), tokens.supplier2)).data;
  });

  it('stores a supplier-created account under the caller, whatever supplierId it sends', () => {
    expect(mine.supplierId).toBe(otherSupplierId);
  });

  it('lists only the caller\'s accounts, even when asking for another supplier', async () => {
    const own = await list(card(), tokens.supplier2);
    expect(own.data.list.map((r: any) => r.id)).toEqual([mine.id]);
    const asked = await list(card(), tokens.supplier2, { supplierId: supplierIdOf('supplier') });
    expect(asked.data.list).toEqual([]);
    const demo = await list(card(), tokens.supplier);
    expect(demo.data.list.map((r: any) => r.id)).not.toContain(mine.id);
  });

  it('answers not found for another supplier\'s account on every single-row call', async () => {
    const [demoAccount] = await server.database.db
      .select()
      .from(receivingAccounts)
      .where(and(eq(receivingAccounts.kind, 'internationalCardToCard'), eq(receivingAccounts.supplierId, supplierIdOf('supplier'))))
      .limit(1);
    const api = accountApi('internationalCardToCard');
    const calls = [
      server.call('GET', api.one, { token: tokens.supplier2, query: { id: demoAccount.id } }),
      server.call('POST', api.update, { token: tokens.supplier2, body: { ...validBody(card()), id: demoAccount.id } }),
      server.call('POST', api.delete, { token: tokens.supplier2, body: { id: demoAccount.id } }),
      server.call('POST', '/resource/enableResource', { token: tokens.supplier2, body: { resourceId: demoAccount.id, enable: false } }),
      server.call('GET', '/resource/getResourceDetailInfo', { token: tokens.supplier2, query: { resourceId: demoAccount.id } }),
      server.call('GET', '/resource/getResourceStaticInfo', { token: tokens.supplier2, query: { supplierId: supplierIdOf('supplier') } }),
    ];
    for (const result of await Promise.all(calls)) expect(result.code).toBe(4004);
    const [after] = await server.database.db.select().from(receivingAccounts).where(eq(receivingAccounts.id, demoAccount.id));
    expect(after).toMatchObject({ enabled: demoAccount.enabled, accountName: demoAccount.accountName, deletedAt: null });
  });

  it('gives a supplier its own totals per product', async () => {
    const result = await server.call('GET', '/resource/getResourceStaticInfo', { token: tokens.supplier2, query: { productId: 1034 } });
    expect(result.data).toMatchObject({ supplierId: otherSupplierId, productId: 1034, resourceCount: 1, enabledCount: 0, processingOrderCount: 0, processingOrderAmount: 0 });
  });
});
