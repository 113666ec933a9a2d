/** `npm start`: opens the database (PGlite in DATA_DIR, or DATABASE_URL), seeds a new one, serves. */
import { mkdirSync } from 'node:fs';
import { readConfig } from './config.js';
import { openPglite, openPostgres } from './db/client.js';
import { seedDemo, seedProduction } from './db/seed.js';
import { buildApp } from './app.js';
import { loadSecretsKey } from './security/secrets.js';
import './seeders.js';

const config = readConfig();
loadSecretsKey(process.env, config.dataDir);
const database = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPgliteDir(config.dataDir);

async function openPgliteDir(dir: string) {
  mkdirSync(dir, { recursive: true });
  return openPglite({ dataDir: dir });
}

if (database.kind === 'postgres') await seedProduction(database.db, (line) => console.log(line));
else await seedDemo(database.db);

const app = await buildApp({ database, config });
await app.listen({ port: config.port, host: config.host });
console.log(`Payment admin listening on http://localhost:${config.port} (${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received, shutting down`);
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
