/** The pay link of an account: built from the configured public address, and served as a real page. */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { useTestServer } from './harness.js';
import { encryptSecret } from '../../server/security/secrets.js';
import { receivingAccounts } from '../../server/db/schema/index.js';

const server = useTestServer({ PUBLIC_BASE_URL: 'https://pay.example.com/' });
let admin = '';
let account: typeof receivingAccounts.$inferSelect;

beforeAll(async () => {
  admin = await server.login('admin');
  [account] = await server.database.db.select().from(receivingAccounts).where(and(eq(receivingAccounts.kind, 'internationalCardToCard'), eq(receivingAccounts.enabled, true))).limit(1);
  // A secret on the row must never reach the page.
  await server.database.db.update(receivingAccounts).set({ secrets: { loginPassword: encryptSecret('Hidden#Secret1') } }).where(eq(receivingAccounts.id, account.id));
});

const page = (url: string, lang = 'en-US') => server.app.inject({ method: 'GET', url, headers: { 'accept-language': lang } });

describe('resource pay links', () => {
  it('builds link and jump link from PUBLIC_BASE_URL, whatever Host the request claims', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: `/v1.0/resource/getResourceDetailInfo?resourceId=${account.id}`,
      headers: { token: admin, lang: 'en-US', host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    const { data } = response.json();
    expect(data.link).toBe(`https://pay.example.com/pay/resource/${account.id}?productId=${account.productId}`);
    expect(data.jumpLink).toBe(`https://pay.example.com/pay/jump?resourceId=${account.id}&productId=${account.productId}`);
    // The product is answered as its code; the screen names it in the reader's language.
    expect(data).toMatchObject({ productId: account.productId });
    expect(data.productName).toBeUndefined();
  });

  it('serves the pay page with the account’s pay details and no secret', async () => {
    const response = await page(`/pay/resource/${account.id}?productId=${account.productId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('Payment details');
    expect(response.body).toContain(`data-field="cardNumber">${account.cardNumber}<`);
    expect(response.body).not.toContain('Hidden#Secret1');
    expect(response.body).not.toContain('v1:');
    expect((await page(`/pay/resource/${account.id}`, 'zh-CN')).body).toContain('付款信息');
  });

  it('shows "not available" for a disabled or unknown account, and the jump link lands on the page', async () => {
    await server.call('POST', '/resource/enableResource', { token: admin, body: { resourceId: account.id, enable: false } });
    const off = await page(`/pay/resource/${account.id}`);
    expect(off.statusCode).toBe(404);
    expect(off.body).toContain('This payment account is not available');
    expect(off.body).not.toContain(String(account.cardNumber));
    expect((await page('/pay/resource/abc<script>')).statusCode).toBe(404);
    const jump = await page(`/pay/jump?resourceId=${account.id}&productId=${account.productId}`);
    expect(jump.statusCode).toBe(302);
    expect(jump.headers.location).toBe(`/pay/resource/${account.id}`);
    expect((await page('/pay/jump?resourceId=//evil.example')).headers.location).toBe('/pay/resource/0');
  });
});
