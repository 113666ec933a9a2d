/**
 * `npm start`: opens the database (PGlite in DATA_DIR, or DATABASE_URL), seeds a new one, serves.
 * WORKERS=N (PostgreSQL only): this process starts N that serve the one port (server/cluster/primary.ts).
 */
import cluster from 'node:cluster';
import { mkdirSync } from 'node:fs';
import { configProblems, readConfig } from './config.js';
import { openPglite, openPostgres } from './db/client.js';
import { DEMO_PASSWORD, seedDemo, seedProduction } from './db/seed.js';
import { ROLES } from '../providers/roles.js';
import { buildApp } from './app.js';
import { loadSecretsKey } from './security/secrets.js';
import { runStopHooks } from './stop-hooks.js';
import { runPrimary } from './cluster/primary.js';
import './seeders.js';

const config = readConfig();
const problems = configProblems(config);
if (problems.length) {
  for (const problem of problems) console.error(`Cannot start: ${problem}`);
  process.exit(1);
}
if (config.workers > 1 && cluster.isPrimary) await runPrimary(config);
else await serve();

async function openPgliteDir(dir: string) {
  mkdirSync(dir, { recursive: true });
  return openPglite({ dataDir: dir });
}

/** The server in this process: the only one, or a worker of WORKERS=N (its primary seeded the database). */
async function serve() {
  loadSecretsKey(process.env, config.dataDir);
  const database = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPgliteDir(config.dataDir);

  // A worker's database (PostgreSQL) was seeded once by its primary.
  if (database.kind === 'pglite') await seedDemo(database.db);
  else if (!cluster.isWorker) await seedProduction(database.db, (line) => console.log(line));

  // Fastify's own logger (pino, JSON lines on stdout): server errors by default, requests too with
  // LOG_LEVEL=info, so a normal start prints only the one line below. The session
  // tokens travel in headers; they are never written to the log.
  const app = await buildApp({
    database,
    config,
    logger: { level: process.env.LOG_LEVEL ?? 'warn', redact: { paths: ['req.headers.token', 'req.headers.token2', 'req.headers.cookie', 'req.headers.authorization'], censor: '[redacted]' } },
  });
  await app.listen({ port: config.port, host: config.host });
  // A worker's line is the primary's, once all of them serve.
  if (!cluster.isWorker) console.log(`Payment admin listening on http://localhost:${config.port} (${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`);
  // An embedded database is the demo one: say how to sign in (one account per role, named after it).
  if (database.kind === 'pglite') console.log(`Sign in as ${ROLES.join(', ')} with password ${DEMO_PASSWORD}`);

  let stopping = false;
  async function stop(signal: string) {
    if (stopping) return;
    stopping = true;
    console.log(`${cluster.isWorker ? `Worker ${cluster.worker?.id}: ` : ''}${signal} received, shutting down`);
    await app.close();
    await runStopHooks(database.db);
    await database.close();
    process.exit(0);
  }
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
