/**
 * What the order creation, allocation and batch tests share (orders-fixture.ts writes orders
 * straight into the table; these tests place them through the API): signed payloads, counts,
 * accounts and members made for a test.
 */
import { eq, sql } from 'drizzle-orm';
import { memberProfiles, orders, receivingAccounts, userProducts, users } from '../../server/db/schema/index.js';
import { signOf } from '../../server/orders/sign.js';
import { createProfile } from '../../server/merchants/member-store.js';
import type { Db } from '../../server/db/client.js';
import type { TestServer } from './harness.js';

const DEMO_MCH_ID = '20001';
export const DEMO_KEY = 'demoMerchantKey20001';

let counter = 0;
/** A merchant order number no other test uses. */
export const orderNo = (prefix = 'M') => `${prefix}${Date.now()}${++counter}`;

/** A creation payload for the demo merchant, signed with `key`. */
export function signed(fields: Record<string, unknown>, key = DEMO_KEY): Record<string, unknown> {
  const payload = { mchId: DEMO_MCH_ID, productId: 1034, mchOrderNo: orderNo(), amount: 10_000, notifyUrl: 'https://shop.example.com/notify', subject: 'Test', ...fields };
  return { ...payload, sign: signOf(payload, key) };
}

export const create = (server: TestServer, body: unknown) => server.call('POST', '/api/order/create', { body });

export interface BatchUpload {
  fields?: Record<string, string>;
  file?: { name: string; type?: string; content: string | Uint8Array };
}

/** Posts a real multipart body to POST /api/order/createBatch, as a browser or curl would; by default the demo merchant's collection orders. */
export async function uploadBatch(server: TestServer, { fields = { mchId: DEMO_MCH_ID, key: DEMO_KEY, orderType: '1' }, file }: BatchUpload) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('file', new Blob([file.content as BlobPart], { type: file.type ?? 'text/csv' }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const response = await server.app.inject({
    method: 'POST',
    url: '/v1.0/api/order/createBatch',
    headers: { 'content-type': request.headers.get('content-type')!, lang: 'en-US' },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  return response.json();
}

export async function orderCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(orders);
  return row.n;
}

/** A supplier of its own, accepting orders, with `productIds` enabled. */
export async function makeSupplier(db: Db, account: string, productIds: number[]): Promise<number> {
  const [user] = await db.insert(users).values({ account, nickname: account, role: 'supplier', passwordHash: 'x' }).returning();
  await createProfile(db, user.id, 'supplier', true);
  for (const productId of productIds) await db.insert(userProducts).values({ userId: user.id, productId, side: 'supplier', rate: '0.003' });
  return user.id;
}

/** Gives a member a product (merchant or supplier side, by its role). */
export async function grantProduct(db: Db, userId: number, productId: number, side: 'merchant' | 'supplier') {
  await db.insert(userProducts).values({ userId, productId, side, rate: '0.005' }).onConflictDoNothing();
}

type AccountInsert = typeof receivingAccounts.$inferInsert;

/** An enabled card account with generous limits unless the test says otherwise. */
export async function makeAccount(db: Db, supplierId: number, productId: number, values: Partial<AccountInsert> = {}): Promise<number> {
  const [row] = await db
    .insert(receivingAccounts)
    .values({
      kind: 'internationalCardToCard',
      supplierId,
      productId,
      enabled: true,
      bankName: 'Test Bank',
      accountName: 'Test',
      cardNumber: String(Date.now()).slice(-12),
      ifscCode: 'TEST0000001',
      minAmount: 10_000,
      maxAmount: 1_000_000,
      dailyCountLimit: 1000,
      dailyAmountLimit: 1_000_000_000,
      ...values,
    })
    .returning({ id: receivingAccounts.id });
  return row.id;
}

export const setAccount = (db: Db, id: number, values: Partial<AccountInsert>) => db.update(receivingAccounts).set(values).where(eq(receivingAccounts.id, id));
export const setAccepting = (db: Db, userId: number, acceptOrders: boolean) => db.update(memberProfiles).set({ acceptOrders }).where(eq(memberProfiles.userId, userId));
