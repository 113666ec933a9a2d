/**
 * Demo scripts and call records. The call records screen shows what the platform's external pay
 * runner reports (POST /ingest/payScriptCall, ./call-ingest.ts); a few rows are seeded so the demo
 * screen is not empty, and the demo pay runner (../ingest/seed.ts) may report more (demo only).
 */
import { addDemoSeeder } from '../db/seed.js';
import { payScriptCalls, scripts, scriptVersions } from '../db/schema/index.js';

const PAY_V1 = `// Builds the request of the demo bank's pay API for one order.
export function buildRequest(order) {
  return { amount: order.amount, ref: order.orderCode };
}
`;
const PAY_V2 = `// Builds the request of the demo bank's pay API for one order.
export function buildRequest(order) {
  return { amount: order.amount, ref: order.orderCode, currency: 'INR' };
}
`;
const MONITOR_V1 = `// Checks the receiving account's page every minute and reports its status.
export async function check(page) {
  return page.balance();
}
`;

addDemoSeeder(async (db) => {
  const [pay, monitor] = await db
    .insert(scripts)
    .values([
      { kind: 'pay', name: 'Demo bank pay', target: '1034', currentVersion: 2 },
      { kind: 'monitor', name: 'Bank page monitor', target: 'internationalCardToCard', currentVersion: 1 },
    ])
    .returning({ id: scripts.id });
  await db.insert(scriptVersions).values([
    { scriptId: pay.id, version: 1, text: PAY_V1, authorName: 'superAdmin', note: 'First version' },
    { scriptId: pay.id, version: 2, text: PAY_V2, authorName: 'superAdmin', note: 'Currency sent' },
    { scriptId: monitor.id, version: 1, text: MONITOR_V1, authorName: 'superAdmin', note: 'First version' },
  ]);
  const call = (i: number, success: boolean) => ({
    scriptId: pay.id,
    version: i < 2 ? 1 : 2,
    orderCode: `DEMO${String(1000 + i)}`,
    request: JSON.stringify({ amount: 10000 + i * 100, ref: `DEMO${1000 + i}` }),
    response: JSON.stringify(success ? { status: 'OK', payUrl: `https://pay.example/${1000 + i}` } : { status: 'ERROR', message: 'timeout' }),
    durationMs: success ? 180 + i * 20 : 5000,
    success,
    createdAt: new Date(Date.now() - (5 - i) * 3600_000),
  });
  await db.insert(payScriptCalls).values([call(0, true), call(1, false), call(2, true), call(3, true)]);
});
