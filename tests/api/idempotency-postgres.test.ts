/**
 * Idempotency-Key with two instances on one PostgreSQL (each its own pool, so duplicates really
 * race): the same request sent to both at once acts once and every answer is the first one's.
 * Needs PostgreSQL (tests/api/postgres-fixture.ts): skips when none answers, outside CI.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../server/db/client.js';
import { seedDemo } from '../../server/db/seed.js';
import '../../server/seeders.js';
import { buildApp } from '../../server/app.js';
import { readConfig } from '../../server/config.js';
import { setSecretsKey } from '../../server/security/secrets.js';
import { DEMO_PASSWORD } from '../../server/db/seed.js';
import { ledgerEntries, users } from '../../server/db/schema/index.js';
import { allRoutes } from '../../server/routes.js';
import { TEST_SECRETS_KEY } from './global-setup.js';
import { payRoute } from './idempotency-fixture.js';
import { admin, pgProblem, pgRequired, throwawayDatabase } from './postgres-fixture.js';

const { name: dbName, url: dbUrl } = throwawayDatabase('payadmin_idem');

describe.skipIf(pgProblem !== null && !pgRequired)('Idempotency-Key on PostgreSQL with two instances', () => {
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    if (pgProblem) throw new Error(`PG_TEST_URL does not answer (required in CI): ${pgProblem}`);
    expect(await admin(`create database ${dbName}`)).toBeNull();
    setSecretsKey(TEST_SECRETS_KEY);
    databases.push(await openPostgres(dbUrl), await openPostgres(dbUrl));
    await seedDemo(databases[0].db);
    const config = { ...readConfig({ BACKGROUND_JOBS: 'off' }), staticDir: '/nonexistent' };
    const routes = [...allRoutes.filter((r) => r.url.startsWith('/user/')), payRoute];
    for (const database of databases) apps.push(await buildApp({ database, config, routes }));
  }, 60_000);
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all(databases.map((d) => d.close()));
    await admin(`drop database if exists ${dbName} with (force)`);
  });

  it('acts once for duplicates racing on two instances', async () => {
    const login = await apps[0].inject({ method: 'POST', url: '/v1.0/user/login', payload: { userName: 'admin', password: DEMO_PASSWORD } });
    const token = login.json().data.token as string;
    const [merchant] = await databases[0].db.select({ id: users.id }).from(users).where(eq(users.account, 'merchant3'));
    const send = (app: FastifyInstance) =>
      app.inject({ method: 'POST', url: '/v1.0/test/idempotentPay', headers: { token, 'idempotency-key': 'race-1' }, payload: { userId: merchant.id, amount: 900 } }).then((r) => r.json());
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => send(apps[i % 2])));
    expect(answers.map((a) => a.code)).toEqual(Array(12).fill(200));
    expect(new Set(answers.map((a) => a.data.entryId)).size).toBe(1);
    const [row] = await databases[0].db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.refType, 'idempotencyTest'), eq(ledgerEntries.account, 'member')));
    expect(row.n).toBe(1);
  }, 30_000);
});
