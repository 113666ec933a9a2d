/**
 * The server under load, in a process of its own so the load generator's work does not show in its
 * latency or memory. Opens a fresh demo database (PGlite in memory, or the PostgreSQL database named
 * by LOAD_DATABASE_URL), listens on a free loopback port and answers the engine over IPC: memory
 * samples, a GC, the ledger invariants (server/ledger/invariants.ts, as `npm run check:ledger`), close.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { openPglite, openPostgres } from '../../server/db/client.js';
import { seedDemo } from '../../server/db/seed.js';
import '../../server/seeders.js';
import { orders, receivingAccounts } from '../../server/db/schema/index.js';
import { buildApp } from '../../server/app.js';
import { readConfig } from '../../server/config.js';
import { setSecretsKey } from '../../server/security/secrets.js';
import { checkLedger, formatLedgerReport } from '../../server/ledger/invariants.js';
import { LOAD_PRODUCT_ID, type ServerReply, type ServerRequest } from './protocol.js';

setSecretsKey(randomBytes(32));
const url = process.env.LOAD_DATABASE_URL;
const database = url ? await openPostgres(url) : await openPglite();
await seedDemo(database.db);
// The demo account caps its day at 500 orders and 20 open ones; a load run places thousands, and
// an order no account can take would be stored unallocated, which is not the path under test.
await database.db.update(receivingAccounts).set({ dailyCountLimit: null, dailyAmountLimit: null, maxConcurrentOrders: null });
// A product's orders spread over several accounts, as in production: allocation locks the account
// it gives an order to, so one account alone would place every order one after another.
const accounts = Number(process.env.LOAD_ACCOUNTS ?? 8);
const [demo] = await database.db.select().from(receivingAccounts).where(eq(receivingAccounts.productId, LOAD_PRODUCT_ID)).limit(1);
if (demo && accounts > 1) {
  const { id: _id, ...copy } = demo;
  await database.db.insert(receivingAccounts).values(Array.from({ length: accounts - 1 }, (_, i) => ({ ...copy, cardNumber: `88${String(i).padStart(12, '0')}` })));
}

const app = await buildApp({ database, config: { ...readConfig({ BACKGROUND_JOBS: process.env.BACKGROUND_JOBS }), staticDir: '/nonexistent' } });
await app.listen({ host: '127.0.0.1', port: 0 });

const send = (reply: ServerReply) => process.send!(reply);
const collect = globalThis.gc ?? (() => undefined);

// The engine gone (stopped, crashed) takes the server with it: no orphan keeps the port or database.
process.on('disconnect', () => process.exit(0));

process.on('message', async (request: ServerRequest) => {
  if (request.type === 'memory') {
    const { rss, heapUsed } = process.memoryUsage();
    send({ type: 'memory', rss, heapUsed, at: Date.now() });
  } else if (request.type === 'gc') {
    collect();
    collect();
    const { rss, heapUsed } = process.memoryUsage();
    send({ type: 'gc', rss, heapUsed, at: Date.now() });
  } else if (request.type === 'ledger') {
    const report = await checkLedger(database.db);
    const [row] = await database.db.select({ n: sql<number>`count(*)::int`, supplemented: sql<number>`count(*) filter (where ${orders.supplemented})::int` }).from(orders);
    send({ type: 'ledger', ok: report.ok, text: formatLedgerReport(report), orders: row.n, supplemented: row.supplemented });
  } else if (request.type === 'close') {
    await app.close();
    await database.close();
    process.send!({ type: 'closed' } satisfies ServerReply, () => process.exit(0));
  }
});

send({ type: 'ready', port: (app.server.address() as AddressInfo).port });
