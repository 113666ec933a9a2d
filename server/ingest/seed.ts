/**
 * Demo ingest clients of the demo supplier, watching its card-to-card account: a device (bank SMS,
 * web messages, USDT transactions) and a monitor; and the platform's pay runner (dynamic pay call
 * records), which belongs to no supplier. Their tokens are fixed so docs/ingest.md's example
 * requests work on a demo database; demo only, like the demo passwords.
 */
import { and, eq } from 'drizzle-orm';
import { ingestClients, receivingAccounts, users } from '../db/schema/index.js';
import { addDemoSeeder } from '../db/seed.js';
import { hashToken } from '../security/passwords.js';

export const DEMO_DEVICE_TOKEN = 'demoDeviceToken0001';
export const DEMO_MONITOR_TOKEN = 'demoMonitorToken0001';
export const DEMO_PAY_RUNNER_TOKEN = 'demoPayRunnerToken0001';

addDemoSeeder(async (db) => {
  const [supplier] = await db.select({ id: users.id }).from(users).where(eq(users.account, 'supplier')).limit(1);
  if (!supplier) return;
  const [account] = await db
    .select({ id: receivingAccounts.id })
    .from(receivingAccounts)
    .where(and(eq(receivingAccounts.supplierId, supplier.id), eq(receivingAccounts.kind, 'internationalCardToCard')))
    .orderBy(receivingAccounts.id)
    .limit(1);
  const owner = { supplierId: supplier.id, accountId: account?.id ?? null };
  await db.insert(ingestClients).values([
    { kind: 'device', code: 'DEV-0001', name: 'Demo SMS phone', ...owner, tokenHash: hashToken(DEMO_DEVICE_TOKEN) },
    { kind: 'monitor', code: 'MON-0001', name: 'Demo bank monitor', ...owner, tokenHash: hashToken(DEMO_MONITOR_TOKEN) },
    { kind: 'payRunner', code: 'RUN-0001', name: 'Demo pay runner', tokenHash: hashToken(DEMO_PAY_RUNNER_TOKEN) },
  ]);
});
