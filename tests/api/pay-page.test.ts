/**
 * The pay link of an account: built from the configured public address and a reference only the
 * server can make (never the bare sequential id), served as a real page for collection accounts
 * only, and limited per client address like the order's pay page.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { useTestServer } from './harness.js';
import { encryptSecret } from '../../server/security/secrets.js';
import { receivingAccounts } from '../../server/db/schema/index.js';
import { insertOrder } from './orders-fixture.js';
import { payRefOf } from '../../server/resource-switch/pay-ref.js';

const VIEWS_PER_MINUTE = 5;
const server = useTestServer({ PUBLIC_BASE_URL: 'https://pay.example.com/', PAY_PAGE_RATE_LIMIT: String(VIEWS_PER_MINUTE) });
type Account = typeof receivingAccounts.$inferSelect;
let admin = '';
let account: Account;
/** The account's page as its link names it. */
let pagePath = '';
let clients = 0;

const enabledOf = async (kind: string): Promise<Account> =>
  (await server.database.db.select().from(receivingAccounts).where(and(eq(receivingAccounts.kind, kind), eq(receivingAccounts.enabled, true))).limit(1))[0];

const detailOf = async (id: number) => (await server.call('GET', '/resource/getResourceDetailInfo', { token: admin, query: { resourceId: id } })).data;
/** The path of the account's pay link, as the admin hands it out. */
const pathOf = async (id: number) => new URL((await detailOf(id)).link).pathname;

beforeAll(async () => {
  admin = await server.login('admin');
  account = await enabledOf('internationalCardToCard');
  // A secret on the row must never reach the page.
  await server.database.db.update(receivingAccounts).set({ secrets: { loginPassword: encryptSecret('Hidden#Secret1') } }).where(eq(receivingAccounts.id, account.id));
  pagePath = await pathOf(account.id);
});

/** A page as one client sees it: each test takes an address of its own, so the limit counts its calls alone. */
const client = () => {
  clients += 1;
  const remoteAddress = `198.51.100.${clients}`;
  return (url: string, lang = 'en-US') => server.app.inject({ method: 'GET', url, remoteAddress, headers: { 'accept-language': lang } });
};

describe('resource pay links', () => {
  it('builds link and jump link from PUBLIC_BASE_URL and the reference, whatever Host the request claims', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: `/v1.0/resource/getResourceDetailInfo?resourceId=${account.id}`,
      headers: { token: admin, lang: 'en-US', host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    const { data } = response.json();
    const ref = pagePath.replace('/pay/resource/', '');
    expect(ref).toMatch(new RegExp(`^${account.id}\\.[A-Za-z0-9_-]{32}$`));
    expect(data.link).toBe(`https://pay.example.com/pay/resource/${ref}`);
    expect(data.jumpLink).toBe(`https://pay.example.com/pay/jump?ref=${ref}`);
    expect(data.qrCode).toMatch(/^data:image\/png;base64,/);
    // The product is answered as its code; the screen names it in the reader's language.
    expect(data).toMatchObject({ productId: account.productId });
    expect(data.productName).toBeUndefined();
  });

  it('finds no account by a reference the server did not make', async () => {
    const page = client();
    const [, mac] = pagePath.split('.');
    const other = await enabledOf('usdtFloating');
    // Another account's id with this account's signature, a changed signature, a bare id.
    for (const path of [`/pay/resource/${other.id}.${mac}`, `${pagePath.slice(0, -1)}${pagePath.endsWith('A') ? 'B' : 'A'}`, `/pay/resource/${account.id}`]) {
      const response = await page(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.body).not.toContain(String(account.cardNumber));
      expect(response.body).not.toContain(String(other.walletAddress));
    }
    expect((await page(await pathOf(other.id))).body).toContain(String(other.walletAddress));
  });

  it('serves the pay page by reference with the account’s pay details and no secret', async () => {
    const page = client();
    const response = await page(pagePath);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('Payment details');
    expect(response.body).toContain(`data-field="cardNumber">${account.cardNumber}<`);
    expect(response.body).not.toContain('Hidden#Secret1');
    expect(response.body).not.toContain('v1:');
    expect((await page(pagePath, 'zh-CN')).body).toContain('付款信息');
  });


  it('shows no payout account to the public, and hands out no link for one', async () => {
    const page = client();
    for (const kind of ['indiaAutoPayout', 'usdtPayProxy']) {
      const payout = await enabledOf(kind);
      // Even with a reference the server made (it hands none out for such an account).
      const response = await page(`/pay/resource/${payRefOf(payout.id)}`);
      expect(response.statusCode, kind).toBe(404);
      expect(response.body).toContain('This payment account is not available');
      expect(response.body).not.toContain(String(payout.cardNumber ?? payout.walletAddress));
      expect(await detailOf(payout.id), kind).toMatchObject({ link: null, jumpLink: null, qrCode: null });
    }
  });

  it('shows "not available" for a disabled or unknown account, and the jump link lands on the page', async () => {
    const page = client();
    const jumpLink = new URL((await detailOf(account.id)).jumpLink);
    const jump = await page(jumpLink.pathname + jumpLink.search);
    expect(jump.statusCode).toBe(302);
    expect(jump.headers.location).toBe(pagePath);
    expect((await page('/pay/jump?ref=//evil.example')).headers.location).toBe('/pay/resource/0');
    expect((await page(`/pay/jump?resourceId=${account.id}&productId=${account.productId}`)).headers.location).toBe('/pay/resource/0');
    expect((await page('/pay/resource/abc<script>')).statusCode).toBe(404);
    await server.call('POST', '/resource/enableResource', { token: admin, body: { resourceId: account.id, enable: false } });
    const off = await page(pagePath);
    expect(off.statusCode).toBe(404);
    expect(off.body).toContain('This payment account is not available');
    expect(off.body).not.toContain(String(account.cardNumber));
    await server.call('POST', '/resource/enableResource', { token: admin, body: { resourceId: account.id, enable: true } });
  });
});

describe('views per client', () => {
  it('limits the views of account pages per client address, answering a page', async () => {
    const page = client();
    for (let i = 0; i < VIEWS_PER_MINUTE; i++) expect((await page(`/pay/resource/${i}`)).statusCode).toBe(404);
    const refused = await page(pagePath);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toContain('text/html');
    expect(refused.body).toContain('Too many requests from your network');
    expect(refused.body).not.toContain(String(account.cardNumber));
    // Another client is served.
    expect((await client()(pagePath)).statusCode).toBe(200);
  });

  it("limits the views of an order's pay page per client address, on both paths", async () => {
    const order = await insertOrder(server.database.db);
    for (const path of [`/pay/order/${order.orderCode}`, `/p/${order.orderCode}`]) {
      const page = client();
      for (let i = 0; i < VIEWS_PER_MINUTE; i++) expect((await page(path)).statusCode, path).toBe(200);
      const refused = await page(path);
      expect(refused.statusCode, path).toBe(429);
      expect(refused.headers['content-type']).toContain('text/html');
      expect(refused.body).toContain('Too many requests from your network');
      expect(refused.body).not.toContain(order.orderCode);
    }
  });
});
