/**
 * Settings at work, third part: the pay link form, accounts created in pairs and the manual
 * supplement limit change as soon as the setting is set (docs/settings.md lists every setting).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { useTestServer } from './harness.js';
import { memberProfiles, users } from '../../server/db/schema/index.js';
import { ERRORS } from '../../server/errors.js';
import { create, makeAccount, signed } from './order-create-fixture.js';
import { insertOrder, orderByCode, userIdOf } from './orders-fixture.js';
import { orderApi } from '../../resources/orders/api.js';
import { bankStatementApi } from '../../resources/bank-statements/index.js';
import { statusId } from '../../resources/orders/statuses.js';
import { addIngestClient } from './ingest-fixture.js';
import { settingPath } from '../../resources/system-config/settings.js';

const server = useTestServer({ BACKGROUND_JOBS: 'off' });
let superAdmin = '';
let superAdmin2 = '';
let admin = '';
let admin2 = '';
const db = () => server.database.db;

beforeAll(async () => {
  superAdmin = await server.login('superAdmin');
  superAdmin2 = await server.login2(superAdmin);
  admin = await server.login('admin');
  admin2 = await server.login2(admin);
});

/** Sets a setting the way the config screen does. */
async function set(name: string, body: { enable: boolean } | { value: number | string }) {
  const answer = await server.call('POST', settingPath('set', name), { token: superAdmin, token2: superAdmin2, body });
  expect(answer.code, answer.msg).toBe(200);
}

const open = (path: string) => server.app.inject({ method: 'GET', url: path, headers: { 'accept-language': 'en-US' } });

describe('pay link', () => {
  it('IsNewPayUrl: on, orders give the short /p/ link; off, the classic one; both paths show the page', async () => {
    await set('IsNewPayUrl', { enable: true });
    let shortCode: string;
    try {
      const answer = await create(server, signed({}));
      expect(answer.code, answer.msg).toBe(200);
      shortCode = answer.data.orderCode;
      expect(new URL(answer.data.payUrl).pathname).toBe(`/p/${shortCode}`);
      const page = await open(`/p/${shortCode}`);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain(shortCode);
    } finally {
      await set('IsNewPayUrl', { enable: false });
    }
    const classic = await create(server, signed({}));
    expect(new URL(classic.data.payUrl).pathname).toBe(`/pay/order/${classic.data.orderCode}`);
    // A short link handed out before the switch keeps working, and the classic path serves any order.
    expect((await open(`/p/${shortCode}`)).statusCode).toBe(200);
    expect((await open(`/pay/order/${shortCode}`)).statusCode).toBe(200);
    expect((await open(`/p/${classic.data.orderCode}`)).statusCode).toBe(200);
    expect((await open('/p/NO-SUCH-ORDER')).statusCode).toBe(404);
  });
});

describe('related accounts', () => {
  const add = (kind: 'merchant' | 'supplier', account: string) =>
    server.call('POST', `/${kind}/add`, { token: admin, body: { nickname: `Pair ${account}`, account, password: 'Secret123' } });
  const accounts = async (names: string[]) => db().select().from(users).where(inArray(users.account, names));

  for (const [kind, setting, other, suffix] of [
    ['merchant', 'AutoCreateRelateSupplier', 'supplier', 'S'],
    ['supplier', 'AutoCreateRelateMerchant', 'merchant', 'M'],
  ] as const) {
    it(`${setting}: off, creating a ${kind} creates one account; on, a linked ${other} too; a taken name refuses both`, async () => {
      const base = `rel${kind.slice(0, 3)}${Date.now() % 100_000}`;
      expect((await add(kind, `${base}a`)).code).toBe(200);
      expect(await accounts([`${base}a${suffix}`])).toHaveLength(0);

      await set(setting, { enable: true });
      try {
        const created = await add(kind, `${base}b`);
        expect(created.code, created.msg).toBe(200);
        const [pair] = await accounts([`${base}b${suffix}`]);
        expect(pair).toMatchObject({ role: other, nickname: `Pair ${base}b`, relatedUserId: created.data.id, parentId: null });
        expect(created.data).toMatchObject({ relatedUserId: pair.id, relatedAccount: `${base}b${suffix}` });
        // A full member of its kind: its own profile, the same password, and it shows its pair.
        expect(await db().select().from(memberProfiles).where(eq(memberProfiles.userId, pair.id))).toHaveLength(1);
        await server.login(pair.account, 'Secret123');
        const shown = await server.call('GET', `/${other}/getOne`, { token: admin, query: { id: pair.id } });
        expect(shown.data).toMatchObject({ relatedUserId: created.data.id, relatedAccount: `${base}b` });

        // The related name is taken: nothing at all is created.
        expect((await add(other, `${base}c${suffix}`)).code).toBe(200);
        const refused = await add(kind, `${base}c`);
        expect(refused.code).toBe(ERRORS.relatedAccountTaken);
        expect(refused.msg).toContain(`${base}c${suffix}`);
        expect(await accounts([`${base}c`])).toHaveLength(0);
        // A name of 32 characters leaves no room for the pair's suffix: refused, nothing created.
        const long = `${base}d`.padEnd(32, 'x');
        expect((await add(kind, long)).code).toBe(ERRORS.relatedAccountTooLong);
        expect(await accounts([long])).toHaveLength(0);
      } finally {
        await set(setting, { enable: false });
      }
    });
  }
});

describe('chain supplement limit', () => {
  /** The platform time text of now plus `seconds`, as a device would write it. */
  async function timeText(seconds: number): Promise<string> {
    const result = (await db().execute(sql`select to_char(now() + make_interval(secs => ${seconds}), 'YYYY-MM-DD HH24:MI:SS') as t`)) as unknown as { rows: { t: string }[] };
    return result.rows[0].t;
  }
  const supplement = (orderCode: string) => server.call('POST', orderApi.supplement, { token: admin, token2: admin2, body: { orderCode, utr: `CH${Date.now()}${Math.random()}`.slice(0, 20) } });

  it('FixSecurityChainSupplementLimit: while an account\'s chain has an open gap, only that many of its orders are supplemented; 0 lifts it', async () => {
    const supplierId = await userIdOf(db(), 'supplier');
    const card = `FC${Date.now()}`;
    const broken = await makeAccount(db(), supplierId, 1034, { cardNumber: card });
    const sound = await makeAccount(db(), supplierId, 1034, { cardNumber: `${card}9` });
    const device = await addIngestClient(db(), { supplierId, accountId: broken });
    const post = async (seconds: number, amount: number, balanceAfter: number) =>
      server.call('POST', bankStatementApi.ingest.sms, {
        body: { accountId: broken, content: `${card} ${seconds}`, direction: 'credit', amount, balanceAfter, time: await timeText(seconds) },
        headers: { 'x-ingest-token': device },
      });
    await post(-300, 101_13, 1000_00);
    await post(-200, 7_17, 1007_17); // continuous
    await post(-100, 3_19, 1070_00); // 59.64 arrived without an SMS: an open gap
    const place = (accountId: number) => insertOrder(db(), { accountId, payAmount: 4321_00, amount: 4321_00 });
    const [a, b, c] = [await place(broken), await place(broken), await place(broken)];

    await set('FixSecurityChainSupplementLimit', { value: 2 });
    try {
      expect((await supplement(a.orderCode)).code).toBe(200);
      expect((await supplement(b.orderCode)).code).toBe(200);
      const refused = await supplement(c.orderCode);
      expect(refused.code).toBe(ERRORS.chainSupplementLimit);
      expect(refused.msg).toContain('2');
      expect(await orderByCode(db(), c.orderCode)).toMatchObject({ status: statusId('allocated'), supplemented: false });
      // An account whose chain is whole is not limited.
      expect((await supplement((await place(sound)).orderCode)).code).toBe(200);
    } finally {
      await set('FixSecurityChainSupplementLimit', { value: 0 });
    }
    expect((await supplement(c.orderCode)).code).toBe(200);
  });
});
