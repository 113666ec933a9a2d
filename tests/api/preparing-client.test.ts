/**
 * The PostgreSQL pool prepares each parameterised statement once per connection
 * (server/db/preparing-client.ts): the second run of a statement reuses it, statements without
 * parameters and wide ones stay unnamed, and the server's own pool uses it. Needs PostgreSQL
 * (tests/api/postgres-fixture.ts): skips when none answers, outside CI.
 */
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../server/db/client.js';
import { users } from '../../server/db/schema/index.js';
import { PREPARE_LIMITS, PreparingClient, statementName } from '../../server/db/preparing-client.js';
import { admin, pgProblem, pgRequired, throwawayDatabase } from './postgres-fixture.js';

const { name: dbName, url: dbUrl } = throwawayDatabase('payadmin_prep');

/** The statements prepared on this connection, by name. */
async function preparedOn(client: pg.Client): Promise<Map<string, { text: string; preparedAt: string }>> {
  const { rows } = await client.query<{ name: string; statement: string; prepared_at: string }>('select name, statement, prepare_time::text as prepared_at from pg_prepared_statements');
  return new Map(rows.map((r) => [r.name, { text: r.statement, preparedAt: r.prepared_at }]));
}

describe.skipIf(pgProblem !== null && !pgRequired)('prepared statements on PostgreSQL', () => {
  let database: Database;
  const client = new PreparingClient({ connectionString: process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/test' });

  beforeAll(async () => {
    if (pgProblem) throw new Error(`PG_TEST_URL does not answer (required in CI): ${pgProblem}`);
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await database?.close();
    await admin(`drop database if exists ${dbName} with (force)`);
  });

  it('prepares a statement with parameters once and runs it again without parsing it anew', async () => {
    const text = 'select $1::int + 1 as n';
    expect((await client.query<{ n: number }>(text, [1])).rows[0].n).toBe(2);
    const first = (await preparedOn(client)).get(statementName(text));
    expect(first?.text).toBe(text);
    for (const n of [2, 3]) expect((await client.query<{ n: number }>(text, [n])).rows[0].n).toBe(n + 1);
    expect((await client.query<{ n: number }>({ text, values: [9] })).rows[0].n).toBe(10);
    // Still the statement prepared by the first run: not parsed again.
    expect((await preparedOn(client)).get(statementName(text))).toEqual(first);
  });

  it('leaves statements without parameters and wide ones unnamed', async () => {
    const before = (await preparedOn(client)).size;
    // Several statements in one text: a prepared statement could not hold them.
    await client.query('select 1; select 2');
    await client.query({ text: 'select 3 as n' });
    const wide = Array.from({ length: PREPARE_LIMITS.params + 1 }, (_, i) => `$${i + 1}::int`).join(' + ');
    const values = Array.from({ length: PREPARE_LIMITS.params + 1 }, () => 1);
    expect((await client.query<{ n: number }>(`select ${wide} as n`, values)).rows[0].n).toBe(PREPARE_LIMITS.params + 1);
    expect((await preparedOn(client)).size).toBe(before);
  });

  it("is the server pool's connection: a query through Drizzle is prepared", async () => {
    expect(await admin(`create database ${dbName}`)).toBeNull();
    database = await openPostgres(dbUrl);
    // A transaction holds one connection: the statement and the look at what it prepared share it.
    const names = await database.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, 1));
      const result = (await tx.execute(sql`select statement from pg_prepared_statements`)) as unknown as { rows: { statement: string }[] };
      return result.rows.map((r) => r.statement);
    });
    expect(names.some((s) => s.includes('from "users"') && s.includes('$1'))).toBe(true);
  }, 60_000);
});
