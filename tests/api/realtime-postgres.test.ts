/**
 * Two server instances on one PostgreSQL (each with its own pool and its own LISTEN connection):
 * an order created through instance A reaches a socket connected to instance B, by the database's
 * LISTEN/NOTIFY, and a merchant on B still hears only of its own orders. Needs PostgreSQL at
 * PG_TEST_URL, like postgres.test.ts: skips when none answers, except in CI with PG_TEST_URL set.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../server/db/client.js';
import { seedDemo, DEMO_PASSWORD } from '../../server/db/seed.js';
import '../../server/seeders.js';
import { buildApp } from '../../server/app.js';
import { readConfig } from '../../server/config.js';
import { setSecretsKey } from '../../server/security/secrets.js';
import { TEST_SECRETS_KEY } from './global-setup.js';
import { admin, pgProblem, pgRequired, throwawayDatabase } from './postgres-fixture.js';
import { signed } from './order-create-fixture.js';
import { insertOrder } from './orders-fixture.js';
import { names, openSocket, socketUrl } from './realtime-fixture.js';

const { name: dbName, url } = throwawayDatabase('payadmin_rt');

describe.skipIf(pgProblem !== null && !pgRequired)('realtime across two instances on one PostgreSQL', () => {
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    if (pgProblem) throw new Error(`PG_TEST_URL does not answer (required in CI): ${pgProblem}`);
    expect(await admin(`create database ${dbName}`)).toBeNull();
    setSecretsKey(TEST_SECRETS_KEY);
    for (let i = 0; i < 2; i++) databases.push(await openPostgres(url));
    await seedDemo(databases[0].db);
    const config = { ...readConfig({ BACKGROUND_JOBS: 'off' }), staticDir: '/nonexistent' };
    for (const database of databases) apps.push(await buildApp({ database, config }));
  }, 60_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    await admin(`drop database if exists ${dbName} with (force)`);
  });

  const login = async (app: FastifyInstance, account: string) => {
    const response = await app.inject({ method: 'POST', url: '/v1.0/user/login', payload: { userName: account, password: DEMO_PASSWORD } });
    return response.json().data.token as string;
  };

  it('an order created through instance A reaches sockets on instance B, each user only its rows', async () => {
    const [a, b] = apps;
    const onB = await socketUrl(b);
    const adminOnB = await openSocket(onB);
    const merchant2OnB = await openSocket(onB);
    // Sessions live in the database: a token from A works on B.
    expect((await adminOnB.ack(await login(a, 'admin'))).code).toBe(200);
    expect((await merchant2OnB.ack(await login(b, 'merchant2'))).code).toBe(200);

    const created = (await a.inject({ method: 'POST', url: '/v1.0/api/order/create', payload: signed({}) })).json();
    expect(created.code).toBe(200);
    const event = await adminOnB.next((m) => m.requestId === null && names([m.data as never], 'orders', created.data.orderCode));
    expect(event.data).toMatchObject({ resource: 'orders', type: 'created' });

    // merchant2's own order, written on A's connection, reaches merchant2 on B; the demo merchant's did not.
    const own = await insertOrder(databases[0].db, { merchant: 'merchant2', supplier: 'supplier2' });
    await merchant2OnB.next((m) => m.requestId === null && names([m.data as never], 'orders', own.orderCode));
    expect(names(merchant2OnB.events(), 'orders', created.data.orderCode)).toBe(false);
    adminOnB.ws.close();
    merchant2OnB.ws.close();
  }, 60_000);
});
