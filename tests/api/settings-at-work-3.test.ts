/**
 * Settings at work, third part: the pay link form, accounts created in pairs and the manual
 * supplement limit change as soon as the setting is set (docs/settings.md lists every setting).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { useTestServer } from './harness.js';
import { memberProfiles, users } from '../../server/db/schema/index.js';
import { ERRORS } from '../../server/errors.js';
import { create, signed } from './order-create-fixture.js';
import { settingPath } from '../../resources/system-config/settings.js';

const server = useTestServer({ BACKGROUND_JOBS: 'off' });
let superAdmin = '';
let superAdmin2 = '';
let admin = '';
const db = () => server.database.db;

beforeAll(async () => {
  superAdmin = await server.login('superAdmin');
  superAdmin2 = await server.login2(superAdmin);
  admin = await server.login('admin');
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
    let shortCode = '';
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
