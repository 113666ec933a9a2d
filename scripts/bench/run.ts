/**
 * One database's part of `npm run bench`, in a process of its own so its peak RSS is its own:
 * `tsx scripts/bench/run.ts <pglite|postgres> <result.json>`. Seeds, builds the real server (in
 * process; background jobs off, so timeouts and callbacks do not run between the calls), times
 * every case and writes the figures as JSON. Progress goes to stderr.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { buildApp } from '../../server/app.js';
import { readConfig } from '../../server/config.js';
import { setSecretsKey } from '../../server/security/secrets.js';
import { openBenchDatabase } from './databases.js';
import { seedBench } from './seed.js';
import { signIn, type Figure } from './measure.js';
import { benchLists } from './list-cases.js';
import { benchStatistics } from './statistics-cases.js';
import { benchBatches } from './batches.js';
import { benchCreation } from './creation.js';
import { benchExport } from './exports.js';
import { benchOperatorLoad } from './operator-load.js';
import { benchBrowser } from './browser.js';
import type { DatabaseResult, Kind } from './table.js';

const [kind, output] = process.argv.slice(2) as [Kind, string];
const number = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const sizes = { orders: number('ORDERS', 1_000_000), payouts: number('PAYOUTS', 200_000), merchants: number('MERCHANTS', 200), suppliers: number('SUPPLIERS', 100) };
const RUNS = number('RUNS', 30);
/** `BENCH_PARTS=lists,creation` runs those parts only (each named by its last word). */
const PARTS = process.env.BENCH_PARTS?.split(',');
const log = (line: string) => process.stderr.write(`[${kind}] ${line}\n`);

let peak = 0;
const sample = () => (peak = Math.max(peak, process.memoryUsage().rss));
const sampler = setInterval(sample, 25);

// Kept for the creation bench's 2-process server, which must read the same secrets.
const secretsKey = randomBytes(32);
setSecretsKey(secretsKey);
const database = await openBenchDatabase(kind);
try {
  log(`seeding ${sizes.orders.toLocaleString('en-US')} orders, ${sizes.payouts.toLocaleString('en-US')} payouts...`);
  const started = performance.now();
  const { members, ledgerRows } = await seedBench(database.db, sizes, log);
  const seedSeconds = (performance.now() - started) / 1000;
  const peakRssSeed = peak;
  peak = 0;
  sample();

  // The built admin (main.ts builds it first) is served too, for the browser figures.
  const staticDir = existsSync('dist/index.html') ? 'dist' : '/nonexistent';
  // The export's cap is the bench's export size (EXPORT_ROWS, default 100,000).
  const app = await buildApp({ database, config: { ...readConfig({}), staticDir, backgroundJobs: false, exportMaxRows: number('EXPORT_ROWS', 100_000) } });
  const sessions = await signIn(app, ['admin', 'merchant', 'supplier'], ['admin']);
  const figures: Figure[] = [];
  // A part that fails is reported in the table and the others still run: one broken case must not
  // throw away the figures of a half-hour run.
  const part = async (what: string, work: () => Promise<Figure | Figure[]>) => {
    if (PARTS && !PARTS.includes(what.split(' ').pop()!)) return;
    log(what);
    try {
      figures.push(...[await work()].flat());
    } catch (error) {
      log(`${what} FAILED: ${(error as Error).message}`);
      figures.push({ group: `Failed: ${what}`, name: (error as Error).message.split('\n')[0], runs: 0, median: 0, p95: 0, unit: 'ms' });
    }
  };
  await part('lists', () => benchLists(app, sessions, RUNS, sizes, members));
  await part('statistics', () => benchStatistics(app, sessions, RUNS));
  await part('payout batches', () => benchBatches(app, database.db, sessions.admin, number('BATCH_RUNS', RUNS), members, sizes.payouts));
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  await part('CSV export', () => benchExport(address, sessions.admin, number('EXPORT_RUNS', 3)));
  const cluster = database.url ? { databaseUrl: database.url, secretsKey } : undefined;
  await part('order creation', () => benchCreation(address, database.db, number('CREATE_ORDERS', 2000), cluster));
  await part('operator load', () => benchOperatorLoad(address, database.db, sessions.admin));
  await part('browser', () => benchBrowser(address, RUNS, log));
  await app.close();
  const result: DatabaseResult = { kind, sizes: { ...sizes, ledgerRows }, seedSeconds, peakRssSeed: peakRssSeed / 2 ** 20, peakRssServing: peak / 2 ** 20, figures };
  writeFileSync(output, JSON.stringify(result));
} finally {
  clearInterval(sampler);
  await database.close();
}
