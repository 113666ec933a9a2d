/**
 * `npm run bench`: GET /order/getList latency with a million orders. Seeds a new in-memory PGlite
 * (demo accounts, then ORDERS orders, default 1,000,000), then asks the real server (in process,
 * app.inject) for the common filter sets as the roles that use them, and prints the median and
 * worst time of RUNS calls each (after one warm-up call), with the total the list answered; then
 * the statistics and dashboard calls (bench-statistics.ts).
 */
import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { openPglite } from '../server/db/client.js';
import { seedDemo } from '../server/db/seed.js';
import '../server/seeders.js';
import { users } from '../server/db/schema/index.js';
import { buildApp } from '../server/app.js';
import { readConfig } from '../server/config.js';
import { setSecretsKey } from '../server/security/secrets.js';
import { orderApi } from '../resources/orders/api.js';
import { seedOrderVolume, withSynthetic } from './order-volume.js';
import { benchStatistics } from './bench-statistics.js';

const COUNT = Number(process.env.ORDERS ?? 1_000_000);
const RUNS = Number(process.env.RUNS ?? 5);
const PASSWORD = 'Demo12345678';
/** A time filter as the admin sends it, in the database's zone (UTC for PGlite). */
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

setSecretsKey(randomBytes(32));
const database = await openPglite();
await seedDemo(database.db);
const accounts = await database.db.select({ id: users.id, account: users.account }).from(users).where(inArray(users.account, ['merchant', 'merchant2', 'merchant3', 'supplier', 'agent01', 'agent02', 'supplier2', 'agent03']));
const id = (account: string) => accounts.find((a) => a.account === account)!.id;
const members = withSynthetic({ merchants: ['merchant', 'merchant2', 'merchant3'].map(id), suppliers: ['supplier', 'agent01', 'agent02', 'supplier2', 'agent03'].map(id) });
console.log(`Seeding ${COUNT.toLocaleString('en-US')} orders...`);
console.log(`  seeded in ${((await seedOrderVolume(database.db, COUNT, members)) / 1000).toFixed(1)} s`);

const app = await buildApp({ database, config: { ...readConfig({}), staticDir: '/nonexistent' } });
const tokens: Record<string, string> = {};
for (const role of ['admin', 'merchant', 'supplier']) {
  const response = await app.inject({ method: 'POST', url: '/v1.0/user/login', payload: { userName: role, password: PASSWORD } });
  tokens[role] = response.json().data.token;
}

// The order numbers of the middle order: paid, so it has a UTR.
const middle = Math.floor(COUNT / 2 / 20) * 20;
const code = (n: number) => `B${String(n).padStart(9, '0')}`;
const visible = { notInOrderStatusIds: 10 };
const cases: { name: string; role: string; query: Record<string, string | number | boolean> }[] = [
  { name: 'none (statuses but timed out)', role: 'admin', query: visible },
  { name: 'show all statuses', role: 'admin', query: {} },
  { name: 'merchant', role: 'admin', query: { ...visible, merchantId: members.merchants[4] } },
  { name: 'status', role: 'admin', query: { ...visible, orderStatusId: 8 } },
  { name: 'time range (last 24 h)', role: 'admin', query: { ...visible, startTime: hoursAgo(24), endTime: hoursAgo(0) } },
  { name: 'orderCode', role: 'admin', query: { ...visible, orderCode: code(middle) } },
  { name: 'mchOrderNo', role: 'admin', query: { ...visible, merchantOrderId: `MO${middle}` } },
  { name: 'utr', role: 'admin', query: { ...visible, utr: `UTR${String(middle).padStart(10, '0')}` } },
  { name: 'merchant+status+range (7 d)', role: 'admin', query: { ...visible, merchantId: members.merchants[4], orderStatusId: 3, startTime: hoursAgo(24 * 7), endTime: hoursAgo(0) } },
  { name: 'amount', role: 'admin', query: { ...visible, amount: '12345.0001' } },
  { name: 'verify name prefix', role: 'admin', query: { ...visible, validateUserName: 'priya' } },
  { name: 'merchant login, no filter', role: 'merchant', query: visible },
  { name: 'supplier login (own + agents)', role: 'supplier', query: visible },
  { name: 'supplier login, agents only', role: 'supplier', query: { ...visible, isProxy: true } },
];

const call = async (role: string, query: Record<string, string | number | boolean>) => {
  const search = new URLSearchParams({ pageIndex: '1', pageSize: '20', ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });
  const started = performance.now();
  const response = await app.inject({ method: 'GET', url: `/v1.0${orderApi.list}?${search}`, headers: { token: tokens[role] } });
  const ms = performance.now() - started;
  const body = response.json();
  if (body.code !== 200) throw new Error(`${role} ${search}: ${body.msg}`);
  return { ms, total: body.data.total as number };
};

console.log(`\nGET ${orderApi.list}, page of 20, ${RUNS} runs after a warm-up (ms):`);
console.log(`${'filter set'.padEnd(34)}${'median'.padStart(9)}${'worst'.padStart(9)}${'total'.padStart(11)}`);
for (const c of cases) {
  await call(c.role, c.query);
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await call(c.role, c.query));
  const times = runs.map((r) => r.ms).sort((a, b) => a - b);
  console.log(`${c.name.padEnd(34)}${times[Math.floor(times.length / 2)].toFixed(1).padStart(9)}${times[times.length - 1].toFixed(1).padStart(9)}${runs[0].total.toLocaleString('en-US').padStart(11)}`);
}
await benchStatistics(app, tokens, RUNS);
await app.close();
await database.close();
