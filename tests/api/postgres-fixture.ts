/**
 * What the PostgreSQL tests share: the server at PG_TEST_URL, whether it answers, and throwaway
 * databases on it. Those tests skip when none answers, except in CI with PG_TEST_URL set, where an
 * unreachable server is a failure.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const adminUrl = process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Runs one statement on the admin database; answers the error text, or null. */
export async function admin(statement: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query(statement);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Why PostgreSQL cannot be used (null when it answers). */
export const pgProblem = await admin('select 1');
/** In CI with PG_TEST_URL set the PostgreSQL tests must run. */
export const pgRequired = Boolean(process.env.CI && process.env.PG_TEST_URL);

/** A new database name and its URL on the test server. */
export function throwawayDatabase(prefix: string): { name: string; url: string } {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}
