import { beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { useTestServer } from './harness.js';
import { balanceOf } from '../../server/ledger/ledger.js';
import { auditRecords, memberProfiles, users } from '../../server/db/schema/index.js';

const server = useTestServer();
let root = '';
let admin = '';
/** Revealing and regenerating a key are second-level actions. */
let root2 = '';
let admin2 = '';
beforeAll(async () => {
  root = await server.login('superAdmin');
  admin = await server.login('admin');
  root2 = await server.login2(root);
  admin2 = await server.login2(admin);
});

const list = (token: string, query: Record<string, unknown> = {}) => server.call('GET', '/merchant/getList', { token, query: { pageIndex: 1, pageSize: 50, ...query } });
const add = (body: Record<string, unknown>, token = admin) => server.call('POST', '/merchant/add', { token, body });
const counts = async () => ({
  users: (await server.database.db.select({ id: users.id }).from(users)).length,
  profiles: (await server.database.db.select({ id: memberProfiles.userId }).from(memberProfiles)).length,
});

describe('merchants', () => {
  it('shows the demo merchant: mchId 20001, masked key, product 1034 at 5 per mille and the payout products, ledger balance', async () => {
    const page = await list(root, { account: 'merchant' });
    const demo = page.data.list.find((m: any) => m.account === 'merchant');
    // The balance is the ledger's: the opening row plus the demo orders' postings.
    expect(demo).toMatchObject({ mchId: '20001', acceptOrders: true, balance: Number(await balanceOf(server.database.db, demo.id)), productIds: [1034, 3016, 3017], deleted: false });
    expect(demo.balance).toBeGreaterThan(123456);
    expect(demo.merchantKey).toBe('demo••••••0001');
    expect(demo.products[0]).toMatchObject({ productId: 1034, rate: '0.005', fixedFee: 100, singleFee: 0 });
    expect(JSON.stringify(page.data)).not.toContain('demoMerchantKey20001');
    // Revealing the key needs the second-level login (1024 without it).
    expect((await server.call('GET', '/merchant/getMerchantKey', { token: root, query: { id: demo.id } })).code).toBe(1024);
    expect((await server.call('POST', '/merchant/regenerateKey', { token: root, body: { id: demo.id } })).code).toBe(1024);
    const key = await server.call('GET', '/merchant/getMerchantKey', { token: root, token2: root2, query: { id: demo.id } });
    expect(key).toMatchObject({ code: 200, data: 'demoMerchantKey20001' });
  });

  it('filters by account, mchId and accept-orders, and pages', async () => {
    const byAccount = await list(admin, { account: ' merchant ' });
    expect(byAccount.data.list.map((m: any) => m.account).sort()).toEqual(['merchant', 'merchant2', 'merchant3']);
    expect((await list(admin, { mchId: '20002' })).data.list.map((m: any) => m.account)).toEqual(['merchant2']);
    const paged = await list(admin, { pageSize: 2 });
    expect(paged.data.list).toHaveLength(2);
    expect(paged.data.total).toBeGreaterThanOrEqual(3);
    expect((await list(admin, { acceptOrders: 'false' })).data.list).toHaveLength(0);
    // Suppliers are not merchants.
    expect((await list(admin)).data.list.every((m: any) => m.role === 'merchant')).toBe(true);
  });

  it('creates a merchant with the next mchId, an encrypted key and an audit record', async () => {
    const created = await add({ nickname: 'New Shop', account: 'newshop01', password: 'Secret123', acceptOrders: true });
    expect(created.code).toBe(200);
    expect(created.data).toMatchObject({ account: 'newshop01', mchId: '20004', balance: 0, acceptOrders: true });
    const [profile] = await server.database.db.select().from(memberProfiles).where(eq(memberProfiles.userId, created.data.id));
    expect(profile.merchantKeyEncrypted).toMatch(/^v1:/);
    const [audit] = await server.database.db.select().from(auditRecords).orderBy(desc(auditRecords.id)).limit(1);
    expect(audit).toMatchObject({ action: 'merchant.create', target: String(created.data.id) });
    expect(await server.login('newshop01', 'Secret123')).toBeTruthy();
  });

  it.each([
    [{ nickname: 'X', account: 'bad name!', password: 'Secret123' }, 'account', 'only digits and English letters'],
    [{ nickname: 'X', password: 'Secret123' }, 'account', 'required'],
    [{ nickname: 'X', account: 'shopx1', password: 'lettersonly' }, 'password', 'digits and letters'],
    [{ nickname: 'X', account: 'shopx1', password: '1234567890' }, 'password', 'digits and letters'],
    [{ nickname: '  ', account: 'shopx1', password: 'Secret123' }, 'nickname', 'required'],
    [{ nickname: 'X', account: 'shopx1', password: 'Secret123', acceptOrders: 'maybe' }, 'acceptOrders', 'wrong type'],
  ])('refuses bad input %#, naming the field, and writes nothing', async (body, field, reason) => {
    const before = await counts();
    const result = await add(body);
    expect(result.code).toBe(4000);
    expect(result.msg).toContain(field);
    expect(result.msg).toContain(reason);
    expect(await counts()).toEqual(before);
  });

  it('refuses a duplicate account', async () => {
    const before = await counts();
    expect((await add({ nickname: 'Dup', account: 'merchant2', password: 'Secret123' })).code).toBe(4012);
    expect(await counts()).toEqual(before);
  });

  it('edits, switches accept-orders, regenerates the key, deletes and restores', async () => {
    const { data: m } = await add({ nickname: 'Edit Me', account: 'editme01', password: 'Secret123' });
    const edited = await server.call('POST', '/merchant/update', { token: admin, body: { id: m.id, nickname: 'Edited', account: 'editme01', password: '', acceptOrders: true } });
    expect(edited.data).toMatchObject({ nickname: 'Edited', acceptOrders: true });
    expect(await server.login('editme01', 'Secret123')).toBeTruthy();

    expect((await server.call('POST', '/merchant/setAcceptOrders', { token: admin, body: { id: m.id, acceptOrders: false } })).code).toBe(200);
    expect((await list(admin, { acceptOrders: false })).data.list.map((x: any) => x.account)).toEqual(['editme01']);

    const oldKey = (await server.call('GET', '/merchant/getMerchantKey', { token: admin, token2: admin2, query: { id: m.id } })).data;
    const fresh = await server.call('POST', '/merchant/regenerateKey', { token: admin, token2: admin2, body: { id: m.id } });
    expect(fresh.data).toMatch(/^[0-9a-f]{32}$/);
    expect(fresh.data).not.toBe(oldKey);
    expect((await server.call('GET', '/merchant/getOne', { token: admin, query: { id: m.id } })).data.merchantKey).toBe(`${fresh.data.slice(0, 4)}••••••${fresh.data.slice(-4)}`);

    expect((await server.call('GET', '/merchant/delete', { token: admin, query: { id: m.id } })).code).toBe(200);
    expect((await list(admin, { account: 'editme01' })).data.list).toHaveLength(0);
    expect((await list(admin, { account: 'editme01', includeDeleted: true })).data.list[0]).toMatchObject({ deleted: true });
    expect((await server.call('POST', '/merchant/restore', { token: admin, body: { id: m.id } })).code).toBe(1024);
    const token2 = admin2;
    expect((await server.call('POST', '/merchant/restore', { token: admin, token2, body: { id: m.id } })).data).toMatchObject({ deleted: false });
    expect((await server.call('POST', '/merchant/restore', { token: admin, token2, body: { id: m.id } })).code).toBe(4009);
  });

  it('lists a merchant made in account management and issues its mchId and key on the first key', async () => {
    const made = await server.call('POST', '/admin/addUser', { token: admin, body: { nickname: 'Plain', account: 'plainshop01', password: 'Secret123', access: 'merchant' } });
    const listed = (await list(admin, { account: 'plainshop01' })).data.list[0];
    expect(listed).toMatchObject({ id: made.data.id, mchId: null, merchantKey: null, balance: 0 });
    expect((await server.call('GET', '/merchant/getMerchantKey', { token: admin, token2: admin2, query: { id: made.data.id } })).code).toBe(4004);
    const key = await server.call('POST', '/merchant/regenerateKey', { token: admin, token2: admin2, body: { id: made.data.id } });
    expect(key.data).toMatch(/^[0-9a-f]{32}$/);
    const after = (await server.call('GET', '/merchant/getOne', { token: admin, query: { id: made.data.id } })).data;
    expect(after.mchId).toMatch(/^200\d\d$/);
    expect((await server.call('GET', '/merchant/getMerchantKey', { token: admin, token2: admin2, query: { id: made.data.id } })).data).toBe(key.data);
  });

  it('gives customer service a read-only view and merchants nothing', async () => {
    const cs = await server.login('customerService');
    expect((await list(cs)).code).toBe(200);
    const demo = (await list(cs, { mchId: '20001' })).data.list[0];
    expect((await server.call('GET', '/merchant/getOne', { token: cs, query: { id: demo.id } })).code).toBe(200);
    const before = await counts();
    expect((await add({ nickname: 'CS', account: 'csshop01', password: 'Secret123' }, cs)).code).toBe(4003);
    expect((await server.call('GET', '/merchant/getMerchantKey', { token: cs, query: { id: demo.id } })).code).toBe(4003);
    expect((await server.call('POST', '/merchant/regenerateKey', { token: cs, body: { id: demo.id } })).code).toBe(4003);
    expect(await counts()).toEqual(before);
    const merchant = await server.login('merchant');
    expect((await list(merchant)).code).toBe(4003);
    expect((await server.call('GET', '/merchant/getMerchantKey', { token: merchant, query: { id: demo.id } })).code).toBe(4003);
  });

  it('lists without decrypting keys: one unreadable key does not break the list, the mask stays', async () => {
    const made = await add({ nickname: 'Broken Key', account: 'brokenkey01', password: 'Secret123' });
    const mask = made.data.merchantKey;
    expect(mask).toMatch(/^[0-9a-f]{4}••••••[0-9a-f]{4}$/);
    await server.database.db.update(memberProfiles).set({ merchantKeyEncrypted: 'v1:AAAA:AAAA:AAAA' }).where(eq(memberProfiles.userId, made.data.id));
    const page = await list(admin);
    expect(page.code).toBe(200);
    expect(page.data.list.find((m: any) => m.id === made.data.id).merchantKey).toBe(mask);
    expect((await server.call('GET', '/merchant/getOne', { token: admin, query: { id: made.data.id } })).data.merchantKey).toBe(mask);
  });

  it('keeps accept-orders as it is when an edit leaves it out', async () => {
    const made = await add({ nickname: 'Paused', account: 'paused01', password: 'Secret123', acceptOrders: false });
    const edited = await server.call('POST', '/merchant/update', { token: admin, body: { id: made.data.id, nickname: 'Paused again', account: 'paused01' } });
    expect(edited.data).toMatchObject({ nickname: 'Paused again', acceptOrders: false });
  });

  it('sends products and rates as data, not a built text', async () => {
    const demo = (await list(admin, { mchId: '20001' })).data.list[0];
    expect(demo.productRates).toBeUndefined();
    expect(demo.products[0]).toMatchObject({ productId: 1034, rate: '0.005', fixedFee: expect.any(Number), singleFee: expect.any(Number) });
  });

  it('gives concurrent creates distinct mchIds and answers a raced duplicate account as duplicate', async () => {
    const made = await Promise.all([1, 2, 3, 4, 5].map((n) => add({ nickname: `Rush ${n}`, account: `rush0${n}`, password: 'Secret123' })));
    expect(made.map((r) => r.code)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(made.map((r) => r.data.mchId)).size).toBe(5);
    const before = await counts();
    const same = await Promise.all([1, 2, 3].map(() => add({ nickname: 'Twin', account: 'twin01', password: 'Secret123' })));
    expect(same.map((r) => r.code).sort()).toEqual([200, 4012, 4012]);
    expect(await counts()).toEqual({ users: before.users + 1, profiles: before.profiles + 1 });
  });
});
