/**
 * The payer's pay page of an order (GET /pay/order/:orderCode, POST .../utr): what a payer sees in
 * each status, that nothing private shows, that a UTR moves the order once (audited), and that a
 * refused submission changes nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { useTestServer } from './harness.js';
import { auditRecords, orders, receivingAccounts, users } from '../../server/db/schema/index.js';
import { statusId, type OrderStatus } from '../../resources/orders/statuses.js';

const server = useTestServer({ PUBLIC_BASE_URL: 'https://pay.example.com' });
const db = () => server.database.db;

let merchantId = 0;
let supplierId = 0;
let upiAccount: typeof receivingAccounts.$inferSelect;
let cardAccount: typeof receivingAccounts.$inferSelect;
let counter = 0;

beforeAll(async () => {
  const idOf = async (account: string) => (await db().select().from(users).where(eq(users.account, account)))[0].id;
  merchantId = await idOf('merchant2');
  supplierId = await idOf('supplier2');
  const base = { kind: 'internationalCardToCard', supplierId, productId: 1034, enabled: true, bankName: 'Punjab Bank', ifscCode: 'PUNB0123456', minAmount: 100_00, maxAmount: 900_000_00 };
  [upiAccount] = await db()
    .insert(receivingAccounts)
    .values({ ...base, accountName: 'Asha Verma', cardNumber: '40001234567890', upiAccount: 'asha.verma@upi', extras: { channelType: 'bankCard' }, secrets: { loginPassword: 'v1:hidden' } })
    .returning();
  // A hostile account name: the page must show it as text.
  [cardAccount] = await db()
    .insert(receivingAccounts)
    .values({ ...base, accountName: `<script>alert("x")</script>&'`, cardNumber: '40009876543210' })
    .returning();
});

/** An order inserted as the creation API would leave it, in `status`, on `account`. */
async function makeOrder(status: OrderStatus, options: { account?: typeof receivingAccounts.$inferSelect | null; expiresAt?: Date; orderType?: number } = {}) {
  const code = `P${Date.now().toString(36).toUpperCase()}${++counter}`;
  const account = options.account === undefined ? upiAccount : options.account;
  const [row] = await db()
    .insert(orders)
    .values({
      orderCode: code,
      orderType: options.orderType ?? 1,
      merchantId,
      merchantOrderNo: `SECRET-MCH-${code}`,
      productId: 1034,
      supplierId: account ? account.supplierId : null,
      accountId: account ? account.id : null,
      status: statusId(status),
      amount: 100_000,
      payAmount: 100_037,
      merchantFee: 777,
      supplierFee: 555,
      notifyUrl: 'https://merchant.example/secret-notify',
      returnUrl: 'https://merchant.example/return',
      subject: 'secret subject',
      clientIp: '203.0.113.9',
      expiresAt: options.expiresAt ?? new Date(Date.now() + 15 * 60_000),
    })
    .returning();
  return row;
}

const open = (code: string, lang = 'en-US') => server.app.inject({ method: 'GET', url: `/pay/order/${code}`, headers: { 'accept-language': lang } });
/** Posts the form as a browser on the page would; a header given as '' is left out. */
const submit = (code: string, utr: string, headers: Record<string, string> = {}) =>
  server.app.inject({
    method: 'POST',
    url: `/pay/order/${code}/utr`,
    headers: Object.fromEntries(Object.entries({ 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en-US', 'sec-fetch-site': 'same-origin', ...headers }).filter(([, v]) => v !== '')),
    payload: new URLSearchParams({ utr }).toString(),
  });
const stored = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0];
const auditsOf = (code: string) => db().select().from(auditRecords).where(and(eq(auditRecords.target, code), eq(auditRecords.action, 'order.submitUtr')));

describe('pay page of an open order', () => {
  it('shows the amount, the account’s pay details, a UPI QR code, the deadline and the form', async () => {
    const order = await makeOrder('allocated');
    const response = await open(order.orderCode);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-store');
    const html = response.body;
    expect(html).toContain('Pay your order');
    expect(html).toContain(`data-field="orderCode">${order.orderCode}<`);
    expect(html).toContain('data-field="payAmount">1,000.37<');
    for (const [field, value] of Object.entries({ bankName: 'Punjab Bank', accountName: 'Asha Verma', cardNumber: '40001234567890', ifscCode: 'PUNB0123456', upiAccount: 'asha.verma@upi' })) {
      expect(html).toContain(`data-field="${field}">${value}<`);
    }
    // The QR code pays the exact amount to the UPI account, noting the order.
    const uri = `upi://pay?pa=asha.verma%40upi&pn=Asha%20Verma&am=1000.37&tn=${order.orderCode}&cu=INR`;
    expect(html).toContain(`src="${await QRCode.toDataURL(uri, { margin: 1, width: 240 })}"`);
    expect(html).toMatch(/Pay before \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC[+-]\d{2}:\d{2}/);
    expect(html).toContain(`data-expires="${order.expiresAt!.toISOString()}"`);
    expect(html).toContain(`<form id="utr-form" method="post" action="/pay/order/${order.orderCode}/utr">`);
    // Scripts only from files of this origin (the CSP forbids inline ones).
    expect(html).toContain('<script src="/pay/assets/countdown.js" defer></script>');
    expect(html).not.toMatch(/<script>/);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).toContain("form-action 'self'");
    expect(response.headers['referrer-policy']).toBe('same-origin');
  });

  it('shows nothing but the order’s public facts', async () => {
    const order = await makeOrder('allocated');
    const html = (await open(order.orderCode)).body;
    for (const secret of [order.merchantOrderNo, 'secret-notify', 'merchant.example', 'secret subject', '203.0.113.9', 'Demo Shop Two', 'merchant2', 'Demo Supplier Two', 'supplier2', 'v1:hidden']) {
      expect(html, secret).not.toContain(secret);
    }
    // Figures as figures: not within a longer number (the expiry's timestamp once read "35.556Z").
    for (const figure of ['7.77', '5.55', '9,000,000', '100.00']) {
      expect(html, figure).not.toMatch(new RegExp(`(?<![\\d.,])${figure.replace(/[.,]/g, '\\$&')}(?![\\d])`));
    }
  });

  it('puts the pay link in the QR code of an account without UPI, and escapes every value', async () => {
    const order = await makeOrder('allocated', { account: cardAccount });
    const html = (await open(order.orderCode)).body;
    expect(html).toContain(`src="${await QRCode.toDataURL(`https://pay.example.com/pay/order/${order.orderCode}`, { margin: 1, width: 240 })}"`);
    expect(html).toContain('data-field="accountName">&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;&#38;&#39;<');
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('data-field="upiAccount"');
  });

  it('speaks the payer’s language', async () => {
    const order = await makeOrder('allocated');
    expect((await open(order.orderCode, 'zh-CN,zh;q=0.9')).body).toContain('订单付款');
    expect((await open(order.orderCode, 'zh-TW')).body).toContain('訂單付款');
  });

  it('serves the countdown script as a file', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/pay/assets/countdown.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/javascript');
    expect(response.body).toContain('data-expires');
  });
});

describe('submitting the UTR', () => {
  it('moves the order to pending confirmation, audited as the payer, and the page then says so', async () => {
    const order = await makeOrder('allocated');
    const response = await submit(order.orderCode, '  AXIS12345678  ');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/pay/order/${order.orderCode}`);
    const after = await stored(order.id);
    expect(after.status).toBe(statusId('pendingConfirmation'));
    expect(after.utr).toBe('AXIS12345678');
    expect(after.utrSubmittedAt).toBeInstanceOf(Date);
    const [audit] = await auditsOf(order.orderCode);
    expect(audit).toMatchObject({ userId: null, ip: '127.0.0.1', before: { status: 'allocated' }, after: { status: 'pendingConfirmation', utr: 'AXIS12345678' } });
    const html = (await open(order.orderCode)).body;
    expect(html).toContain('Submission successful, awaiting admin review');
    expect(html).not.toContain('<form');
    expect(html).not.toContain('40001234567890');
  });

  it('refuses a second submission and shows where the order stands', async () => {
    const order = await makeOrder('allocated');
    expect((await submit(order.orderCode, 'FIRST123456')).statusCode).toBe(303);
    const again = await submit(order.orderCode, 'SECOND123456');
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('This order no longer takes a UTR');
    expect(again.body).toContain('Submission successful, awaiting admin review');
    expect((await stored(order.id)).utr).toBe('FIRST123456');
    expect(await auditsOf(order.orderCode)).toHaveLength(1);
  });

  it.each([
    ['too short', 'AB12', 'UTR must be 6 to 64 letters or digits'],
    ['too long', 'A'.repeat(65), 'UTR must be 6 to 64 letters or digits'],
    ['not letters or digits', 'UTR-123 456', 'UTR must be 6 to 64 letters or digits'],
    ['blank', '   ', 'UTR is required'],
  ])('refuses a UTR that is %s with the reason, changing nothing', async (_case, utr, message) => {
    const order = await makeOrder('allocated');
    const response = await submit(order.orderCode, utr);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(message);
    expect(response.body).toContain('<form');
    const after = await stored(order.id);
    expect(after.status).toBe(statusId('allocated'));
    expect(after.utr).toBeNull();
    expect(await auditsOf(order.orderCode)).toHaveLength(0);
  });

  it('shows a refused UTR back as text, never as markup', async () => {
    const order = await makeOrder('allocated');
    const response = await submit(order.orderCode, '<img src=x onerror=alert(1)>');
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('value="&#60;img src=x onerror=alert(1)&#62;"');
    expect(response.body).not.toContain('<img src=x');
  });

  it('refuses a form sent from another site, changing nothing', async () => {
    const order = await makeOrder('allocated');
    expect((await submit(order.orderCode, 'CROSS123456', { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    // A browser without fetch metadata: its Origin decides.
    const byOrigin = await submit(order.orderCode, 'CROSS123456', { 'sec-fetch-site': '', origin: 'https://evil.example' });
    expect(byOrigin.statusCode).toBe(403);
    expect(byOrigin.body).toContain('The form must be sent from this order');
    expect((await stored(order.id)).status).toBe(statusId('allocated'));
    // The configured public address is this site.
    expect((await submit(order.orderCode, 'SAME123456', { 'sec-fetch-site': '', origin: 'https://pay.example.com' })).statusCode).toBe(303);
  });
});

describe('an order that cannot be paid says so', () => {
  it.each([
    ['submitted', 'This order has been paid successfully'],
    ['callbackSucceeded', 'This order has been paid successfully'],
    ['callbackFailed', 'This order has been paid successfully'],
    ['rejected', 'This order was rejected'],
    ['timedOut', 'This order has timed out'],
    ['allocationFailed', 'This order cannot be paid'],
    ['created', 'This order cannot be paid'],
  ] as const)('%s', async (status, text) => {
    const order = await makeOrder(status, { account: status === 'allocationFailed' || status === 'created' ? null : upiAccount });
    const page = await open(order.orderCode);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(text);
    expect(page.body).not.toContain('<form');
    expect(page.body).not.toContain('asha.verma@upi');
    const refused = await submit(order.orderCode, 'LATE123456');
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain(text);
    expect(await stored(order.id)).toMatchObject({ status: statusId(status), utr: null });
  });

  it('an open order past its deadline is timed out for the payer before the sweep moves it', async () => {
    const order = await makeOrder('allocated', { expiresAt: new Date(Date.now() - 1000) });
    expect((await open(order.orderCode)).body).toContain('This order has timed out; do not pay it');
    expect((await submit(order.orderCode, 'LATE123456')).statusCode).toBe(409);
    expect(await stored(order.id)).toMatchObject({ status: statusId('allocated'), utr: null });
  });

  it('an unknown code, a malformed one and a payout order are not found', async () => {
    const payout = await makeOrder('allocated', { orderType: 2 });
    for (const url of ['/pay/order/NOSUCHORDER', '/pay/order/%3Cscript%3E', `/pay/order/${payout.orderCode}`]) {
      const response = await server.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en-US' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).toContain('Order not found');
      expect(response.body).not.toContain('<script>');
    }
    expect((await submit('NOSUCHORDER', 'UTR1234567')).statusCode).toBe(404);
  });
});
