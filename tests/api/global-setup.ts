/**
 * Builds the API tests' database once: a PGlite with migrations and demo data, dumped to a tarball
 * that each test file restores (~1 s; uncompressed, as unpacking took a fifth of that) instead of migrating and seeding again (~5 s).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openPglite } from '../../server/db/client.js';
import { seedDemo } from '../../server/db/seed.js';
import '../../server/seeders.js';
import { setSecretsKey } from '../../server/security/secrets.js';
import type { TestProject } from 'vitest/node';
import { setupPostgresTemplate } from './postgres-template.js';

export const SNAPSHOT = path.resolve('.test-data/api-snapshot.tar');
/** One fixed key for the throwaway test databases, so encrypted demo secrets in the snapshot read back in every test process. */
export const TEST_SECRETS_KEY = Buffer.alloc(32, 7);

export default async function setup({ provide }: TestProject) {
  setSecretsKey(TEST_SECRETS_KEY);
  // The embedded snapshot is built in both modes: a few files test the embedded database itself
  // (serving, sessions, the ledger check script...) whichever database the suite runs on.
  await buildSnapshot();
  // API_DB=postgres: the same suite on PostgreSQL. The demo database is built once as a template
  // that each test file copies (CREATE DATABASE ... TEMPLATE, well under a second).
  if (process.env.API_DB === 'postgres') return setupPostgresTemplate(provide);
}

async function buildSnapshot() {
  const database = await openPglite();
  await seedDemo(database.db);
  const dump = await database.pglite!.dumpDataDir('none');
  mkdirSync(path.dirname(SNAPSHOT), { recursive: true });
  writeFileSync(SNAPSHOT, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}
