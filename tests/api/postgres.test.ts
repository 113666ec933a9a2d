/**
 * Needs PostgreSQL: runs the server on a throwaway database of the server at PG_TEST_URL
 * (default postgres://postgres@127.0.0.1:5432/test). Skips when none answers, except in CI with
 * PG_TEST_URL set (.ci/run sets both): there an unreachable server is a failure, not a skip.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../server/db/client.js';
import { seedProduction } from '../../server/db/seed.js';
import { buildApp } from '../../server/app.js';
import { readConfig } from '../../server/config.js';

const adminUrl = process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** null when the server answers, else why not. */
async function unreachable(): Promise<string | null> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

const problem = await unreachable();
const required = Boolean(process.env.CI && process.env.PG_TEST_URL);
const available = problem === null;

const dbName = `payadmin_${randomBytes(4).toString('hex')}`;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

describe.skipIf(!available && !required)('PostgreSQL (DATABASE_URL)', () => {
  beforeAll(() => {
    if (!available) throw new Error(`PG_TEST_URL=${adminUrl.replace(/:[^:@/]*@/, ':***@')} does not answer (required in CI): ${problem}`);
  });
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  afterAll(async () => {
    if (available) await admin(`drop database if exists ${dbName} with (force)`);
  });

  it('migrates, creates only a superAdmin with a printed random password, and keeps data across restarts', async () => {
    await admin(`create database ${dbName}`);
    const lines: string[] = [];
    let database = await openPostgres(url.toString());
    await seedProduction(database.db, (line) => lines.push(line));
    const password = /password (\S+)/.exec(lines[0] ?? '')?.[1];
    expect(password).toBeTruthy();

    const config = { ...readConfig({}), staticDir: '/nonexistent' };
    let app = await buildApp({ database, config });
    const demo = await app.inject({ method: 'POST', url: '/v1.0/user/login', payload: { userName: 'admin', password: 'Demo12345678' } });
    expect(demo.json().code).not.toBe(200);
    const ok = await app.inject({ method: 'POST', url: '/v1.0/user/login', payload: { userName: 'superAdmin', password } });
    expect(ok.json().code).toBe(200);
    const token = ok.json().data.token;
    await app.close();
    await database.close();

    database = await openPostgres(url.toString());
    lines.length = 0;
    await seedProduction(database.db, (line) => lines.push(line));
    expect(lines).toEqual([]);
    app = await buildApp({ database, config });
    const info = await app.inject({ method: 'POST', url: '/v1.0/user/getInfo', headers: { token } });
    expect(info.json().data.account).toBe('superAdmin');
    await app.close();
    await database.close();
  });
});
