/**
 * Settings at work, third part: the pay link form, accounts created in pairs and the manual
 * supplement limit change as soon as the setting is set (docs/settings.md lists every setting).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from './harness.js';
import { create, signed } from './order-create-fixture.js';
import { settingPath } from '../../resources/system-config/settings.js';

const server = useTestServer({ BACKGROUND_JOBS: 'off' });
let superAdmin = '';
let superAdmin2 = '';

beforeAll(async () => {
  superAdmin = await server.login('superAdmin');
  superAdmin2 = await server.login2(superAdmin);
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
