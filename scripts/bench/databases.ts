/**
 * The bench's databases: a new in-memory PGlite, or a throwaway database on the PostgreSQL at
 * BENCH_PG_URL (else PG_TEST_URL, else the local test server), created here and dropped on close.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../../server/db/client.js';
import type { Kind } from './table.js';

const adminUrl = () => process.env.BENCH_PG_URL ?? process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl(), connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** null when the PostgreSQL server answers, else why not. */
export async function postgresProblem(): Promise<string | null> {
  try {
    await admin('select 1');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** `url`: the PostgreSQL database's, for servers of their own on it (the creation bench's 2 processes). */
export async function openBenchDatabase(kind: Kind): Promise<Database & { url?: string }> {
  if (kind === 'pglite') return openPglite();
  const name = `bench_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  try {
    const database = await openPostgres(url.toString());
    return {
      ...database,
      url: url.toString(),
      async close() {
        await database.close();
        await admin(`drop database if exists ${name} with (force)`);
      },
    };
  } catch (error) {
    await admin(`drop database if exists ${name} with (force)`);
    throw error;
  }
}
