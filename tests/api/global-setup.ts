/**
 * Builds the API tests' database once: a PGlite with migrations and demo data, dumped to a tarball
 * that each test file restores (~1 s) instead of migrating and seeding again (~5 s).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openPglite } from '../../server/db/client.js';
import { seedDemo } from '../../server/db/seed.js';
import '../../server/seeders.js';

export const SNAPSHOT = path.resolve('.test-data/api-snapshot.tar.gz');

export default async function setup() {
  const database = await openPglite();
  await seedDemo(database.db);
  const dump = await database.pglite!.dumpDataDir('gzip');
  mkdirSync(path.dirname(SNAPSHOT), { recursive: true });
  writeFileSync(SNAPSHOT, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}
