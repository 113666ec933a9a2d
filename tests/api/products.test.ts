import { beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { useTestServer } from './harness.js';
import { products, userProducts, users } from '../../server/db/schema/index.js';
import { CATALOGUE } from '../../resources/products/catalogue.js';

const server = useTestServer();
let admin = '';
// A rate is changed only with the second-level token (tests/api/permissions-money.test.ts).
let admin2 = '';
beforeAll(async () => {
  admin = await server.login('admin');
  admin2 = await server.login2(admin);
});

const userOf = async (account: string) => (await server.database.db.select().from(users).where(eq(users.account, account)))[0];
const rowCount = async () => (await server.database.db.select({ id: userProducts.id }).from(userProducts)).length;
const list = (query: Record<string, unknown> = {}, token = admin) => server.call('GET', '/userProduct/getList', { token, query: { pageIndex: 1, pageSize: 50, ...query } });
const add = (body: Record<string, unknown>) => server.call('POST', '/userProduct/add', { token: admin, token2: admin2, body });

describe('product catalogue', () => {
  it('holds exactly the codes of resources/products/catalogue.ts', async () => {
    const rows = await server.database.db.select().from(products).orderBy(asc(products.id));
    expect(rows.map((r) => ({ id: r.id, kind: r.kind, usdt: r.usdt }))).toEqual(
      [...CATALOGUE].sort((a, b) => a.id - b.id).map((p) => ({ id: p.id, kind: p.kind, usdt: p.usdt ?? false })),
    );
    const answered = await server.call('GET', '/product/getList', { token: await server.login('merchant') });
    expect(answered.data.map((p: any) => p.id)).toEqual([1008, 1034, 1045, 3001, 3015, 3016, 3017, 3024]);
  });
});

describe('user product configuration', () => {
  it('lists with user, product and side filters', async () => {
    const merchant2 = await userOf('merchant2');
    expect((await list({ userId: merchant2.id })).data.list.map((r: any) => r.productId).sort()).toEqual([1034, 3001]);
    const p1034 = (await list({ productId: 1034 })).data.list;
    expect(p1034.map((r: any) => r.account).sort()).toEqual(['merchant', 'merchant2', 'supplier', 'supplier2']);
    expect((await list({ productId: 1034, side: 'supplier' })).data.list.map((r: any) => r.account).sort()).toEqual(['supplier', 'supplier2']);
    const options = await server.call('GET', '/userProduct/getUserOptions', { token: admin });
    expect(options.data.every((o: any) => o.role === 'merchant' || o.role === 'supplier')).toBe(true);
  });

  it('adds a product with an exact decimal rate and fees in minor units; side follows the role', async () => {
    const merchant3 = await userOf('merchant3');
    const created = await add({ userId: merchant3.id, productId: 1034, rate: '0.0045', fixedFee: 150, singleFee: 25 });
    expect(created.code).toBe(200);
    expect(created.data).toMatchObject({ side: 'merchant', rate: '0.0045', fixedFee: 150, singleFee: 25, enabled: true });
    const [stored] = await server.database.db.select().from(userProducts).where(eq(userProducts.id, created.data.id));
    expect(stored.rate).toBe('0.004500');
    const edited = await server.call('POST', '/userProduct/update', { token: admin, token2: admin2, body: { id: created.data.id, rate: '0.1', fixedFee: 0, singleFee: 0, enabled: false } });
    expect(edited.data).toMatchObject({ rate: '0.1', fixedFee: 0, enabled: false });
    expect((await server.call('GET', '/userProduct/delete', { token: admin, token2: admin2, query: { id: created.data.id } })).code).toBe(200);
    expect((await list({ userId: merchant3.id })).data.list.map((r: any) => r.productId)).toEqual([3015]);
  });

  it.each([
    [{ rate: '1' }, 'rate', 'below 1'],
    [{ rate: '1.5' }, 'rate', 'below 1'],
    [{ rate: '-0.001' }, 'rate', 'below 1'],
    [{ rate: '0.1234567' }, 'rate', 'at most 6 places'],
    [{ rate: 'abc' }, 'rate', 'decimal'],
    [{ rate: '' }, 'rate', 'required'],
    [{ rate: undefined }, 'rate', 'required'],
    [{ fixedFee: 1.5 }, 'fixedFee', 'at most 2 decimals'],
    [{ fixedFee: -1 }, 'fixedFee', 'must not be negative'],
    [{ singleFee: '12' }, 'singleFee', 'wrong type'],
    [{ productId: 9999 }, 'productId', 'allowed values'],
    [{ productId: '' }, 'productId', 'required'],
  ])('refuses %o, naming the field, and writes nothing', async (change, field, reason) => {
    const merchant3 = await userOf('merchant3');
    const before = await rowCount();
    const result = await add({ userId: merchant3.id, productId: 1008, rate: '0.005', fixedFee: 0, singleFee: 0, ...change });
    expect(result.code).toBe(4000);
    expect(result.msg).toContain(field);
    expect(result.msg).toContain(reason);
    expect(await rowCount()).toBe(before);
  });

  it('refuses a user who is neither merchant nor supplier, and a product configured twice', async () => {
    const before = await rowCount();
    const adminUser = await userOf('admin');
    const notMember = await add({ userId: adminUser.id, productId: 1034, rate: '0.005' });
    expect(notMember.code).toBe(4000);
    expect(notMember.msg).toContain('userId');
    const merchant = await userOf('merchant');
    const twice = await add({ userId: merchant.id, productId: 1034, rate: '0.005' });
    expect(twice.code).toBe(4000);
    expect(twice.msg).toContain('productId');
    expect(await rowCount()).toBe(before);
  });

  it('lets a merchant read its own products and rates and nobody else’s', async () => {
    const merchant = await server.login('merchant');
    expect((await list({}, merchant)).code).toBe(4003);
    const mine = await server.call('GET', '/profile/getProducts', { token: merchant });
    // The demo merchant collects with 1034 and pays out with 3017 and 3016.
    expect(mine.data).toEqual([
      expect.objectContaining({ productId: 1034, rate: '0.005', fixedFee: 100, singleFee: 0 }),
      expect.objectContaining({ productId: 3016, rate: '0.005' }),
      expect.objectContaining({ productId: 3017, rate: '0.01' }),
    ]);
    const other = await server.call('GET', '/profile/getProducts', { token: await server.login('merchant2') });
    expect(other.data.map((p: any) => p.rate)).toEqual(['0.006', '0.008']);
    // There is no parameter to ask for someone else's: an id in the query changes nothing.
    const merchant2 = await userOf('merchant2');
    const probe = await server.call('GET', '/profile/getProducts', { token: merchant, query: { userId: merchant2.id, id: merchant2.id } });
    expect(probe.data.map((p: any) => p.productId)).toEqual([1034, 3016, 3017]);
    expect((await server.call('GET', '/merchant/getOne', { token: merchant, query: { id: merchant2.id } })).code).toBe(4003);
  });

  it('keeps a product switched off when an edit leaves the switch out', async () => {
    const shop = await userOf('merchant2');
    const created = await add({ userId: shop.id, productId: 3024, rate: '0.01', enabled: false });
    expect(created.code, created.msg).toBe(200);
    const edited = await server.call('POST', '/userProduct/update', { token: admin, token2: admin2, body: { id: created.data.id, rate: '0.02' } });
    expect(edited.data).toMatchObject({ rate: '0.02', enabled: false });
  });
});
