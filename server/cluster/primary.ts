/**
 * `WORKERS=N npm start` on PostgreSQL: this process (node:cluster's primary) migrates and seeds the
 * database once, then forks N workers that each run the whole server (server/main.ts) and listen
 * on the one port; the primary hands them the connections in turn. What the processes share:
 *  - the database: sessions, settings (re-read by every request), the account locks, idempotency
 *    keys and every job's rows live there, so any worker answers any call;
 *  - background jobs run in one worker only, the first (forked without BACKGROUND_JOBS=off); if it
 *    dies, the one started in its place takes them. Jobs also claim their rows with conditional
 *    updates (server/jobs/runner.ts), which keeps several instances on one database apart, but a
 *    single runner keeps the callbacks' calls in flight (CALLBACK_*) at their figure, not N times it;
 *  - realtime pushes: each worker LISTENs on PostgreSQL, whose trigger NOTIFYs every order change at
 *    commit (server/realtime/hub.ts), so a socket on one worker hears of an order written by another;
 *  - rate limits and the throttle's audit rows: counted here for all workers (./counter.ts).
 * What each worker keeps to itself is built from the code, never from the data, so it cannot go
 * stale: the message catalogues, API documents, route tables, outgoing-call agents, prepared
 * statements (per connection). Settings are read once per request, never kept across requests.
 * /metrics counts per worker (README says so).
 * SIGTERM or SIGINT stops every worker as a single server stops (requests finished, stop hooks, the
 * database closed), then this process, with exit code 0.
 */
import cluster, { type Worker } from 'node:cluster';
import type { ServerConfig } from '../config.js';
import { openPostgres } from '../db/client.js';
import { seedProduction } from '../db/seed.js';
import { loadSecretsKey } from '../security/secrets.js';
import { answerHits, WindowCounts } from './counter.js';

/** A worker that ends after it served is started again after this pause. */
const RESTART_MS = 1000;

export async function runPrimary(config: ServerConfig): Promise<void> {
  loadSecretsKey(process.env, config.dataDir);
  // Once, before the workers start: N processes migrating and seeding at once would race.
  const database = await openPostgres(config.databaseUrl!);
  await seedProduction(database.db, (line) => console.log(line));
  await database.close();

  const counts = new WindowCounts();
  let stopping = false;
  let serving = 0;

  const stop = (signal: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    if (signal) console.log(`${signal} received, stopping ${Object.keys(cluster.workers ?? {}).length} worker(s)`);
    const live = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
    // Each worker stops as a single server does (server/main.ts), then this process.
    let left = live.length;
    if (!left) process.exit(code);
    for (const worker of live) {
      worker.once('exit', () => --left === 0 && process.exit(code));
      worker.process.kill('SIGTERM');
    }
  };

  /** `jobs`: this worker runs the background jobs (unless BACKGROUND_JOBS=off turns them off for all). */
  const start = (jobs: boolean) => {
    const worker = cluster.fork(jobs ? {} : { BACKGROUND_JOBS: 'off' });
    answerHits(worker, counts);
    let listening = false;
    worker.once('listening', () => {
      listening = true;
      console.log(`Worker ${worker.id} (pid ${worker.process.pid}) serving${jobs && config.backgroundJobs ? ', background jobs' : ''}`);
      if (++serving === config.workers) console.log(`Payment admin listening on http://localhost:${config.port} (PostgreSQL, ${config.workers} processes)`);
    });
    worker.once('exit', (code, signal) => {
      if (stopping) return;
      // One that never served failed to start (the database out of reach...): so would the others.
      if (!listening) {
        console.error(`Worker ${worker.id} ended before serving (${signal ?? `exit ${code}`}); stopping.`);
        return stop('', 1);
      }
      console.error(`Worker ${worker.id} ended (${signal ?? `exit ${code}`}); starting another${jobs ? ' to run the background jobs' : ''}.`);
      setTimeout(() => !stopping && start(jobs), RESTART_MS);
    });
  };

  for (let i = 0; i < config.workers; i++) start(i === 0);
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
