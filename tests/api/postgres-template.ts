/**
 * API_DB=postgres runs the API suite on PostgreSQL (PG_TEST_URL) instead of PGlite: the global
 * setup migrates and seeds one template database, and each test file's server runs on a copy of
 * it, dropped after the file. What differs between the two engines (LISTEN/NOTIFY across
 * connections, real concurrency) is thus exercised by the same tests.
 */
import type { TestProject } from 'vitest/node';
import { openPostgres, type Database } from '../../server/db/client.js';
import { seedDemo } from '../../server/db/seed.js';
import '../../server/seeders.js';
import { admin, pgProblem, throwawayDatabase } from './postgres-fixture.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string;
  }
}

export async function setupPostgresTemplate(provide: TestProject['provide']): Promise<() => Promise<void>> {
  if (pgProblem) throw new Error(`API_DB=postgres but PG_TEST_URL does not answer: ${pgProblem}`);
  const { name, url } = throwawayDatabase('payadmin_tpl');
  const created = await admin(`create database ${name}`);
  if (created) throw new Error(created);
  const database = await openPostgres(url);
  await seedDemo(database.db);
  await database.close();
  provide('pgTemplate', name);
  return async () => void (await admin(`drop database if exists ${name} with (force)`));
}

/** A copy of the template for one test file; `drop` removes it. */
export async function openTemplateCopy(template: string): Promise<{ database: Database; drop: () => Promise<void> }> {
  const { name, url } = throwawayDatabase('payadmin_api');
  const created = await admin(`create database ${name} template ${template}`);
  if (created) throw new Error(created);
  const database = await openPostgres(url);
  return { database, drop: async () => void (await admin(`drop database if exists ${name} with (force)`)) };
}
