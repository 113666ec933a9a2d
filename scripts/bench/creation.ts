/**
 * Order creation under load: 8 clients, each sending signed POST /api/order/create one after the
 * other to a listening server (fetch over a real socket, as merchants call it), until `total`
 * orders are placed. The demo supplier gets enough card accounts with wide limits first, so every
 * order is allocated (an allocation failure answers an error and would count as a failure).
 */
import { orderApi } from '../../resources/orders/api.js';
import { receivingAccounts, users } from '../../server/db/schema/index.js';
import { signOf } from '../../server/orders/sign.js';
import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client.js';
import { summary, type Figure } from './measure.js';

const CLIENTS = 8;
const DEMO_KEY = 'demoMerchantKey20001';

async function addAccounts(db: Db): Promise<void> {
  const [supplier] = await db.select({ id: users.id }).from(users).where(eq(users.account, 'supplier'));
  const base = { kind: 'internationalCardToCard', supplierId: supplier.id, productId: 1034, enabled: true, bankName: 'Bench Bank', accountName: 'Bench', ifscCode: 'BENCH000001' };
  const limits = { minAmount: 100, maxAmount: 100_000_000, dailyCountLimit: 1_000_000, dailyAmountLimit: 1_000_000_000_000 };
  await db.insert(receivingAccounts).values(Array.from({ length: 20 }, (_, i) => ({ ...base, ...limits, cardNumber: `77${String(i).padStart(10, '0')}` })));
}

/** `address`: where the bench's server listens (http://127.0.0.1:port). */
export async function benchCreation(address: string, db: Db, total: number): Promise<Figure> {
  await addAccounts(db);
  const url = `${address}/v1.0${orderApi.create}`;
  let next = 0;
  let failures = 0;
  let lastFailure = '';
  const times: number[] = [];
  const client = async () => {
    for (let n = next++; n < total; n = next++) {
      // Amounts spread wide so the pay amounts rarely need the account's float.
      const payload = { mchId: '20001', productId: 1034, mchOrderNo: `BENCH${Date.now()}${n}`, amount: 10_000 + ((n * 7919) % 5_000_000), notifyUrl: 'https://shop.example.com/notify', subject: 'Bench' };
      const started = performance.now();
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...payload, sign: signOf(payload, DEMO_KEY) }) });
      const body = (await response.json()) as { code: number; msg: string };
      times.push(performance.now() - started);
      if (body.code !== 200) {
        failures++;
        lastFailure = `${body.code} ${body.msg}`;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, client));
  const seconds = (performance.now() - started) / 1000;
  const { p95 } = summary(times);
  return {
    group: 'Order creation (POST /api/order/create)',
    name: `${CLIENTS} concurrent clients, ${total} orders`,
    runs: total,
    median: total / seconds,
    p95,
    unit: '/s',
    note: failures ? `${failures} refused (last: ${lastFailure})` : 'all allocated',
  };
}
