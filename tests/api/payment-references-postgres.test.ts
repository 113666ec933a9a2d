/**
 * A payment reference pays once under real concurrency: two server instances (each its own pool)
 * on one PostgreSQL take the same UTR for two orders at the same moment, on the pay page and as
 * supplements, and one order gets it. A submission that could not yet see the other order's
 * (uncommitted) claim waits for it and is refused: the database decides, not the read before the
 * write. Needs PostgreSQL (tests/api/postgres-fixture.ts): skips when none answers, outside CI.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database, type Db } from '../../server/db/client.js';
import { seedDemo, DEMO_PASSWORD } from '../../server/db/seed.js';
import '../../server/seeders.js';
import { buildApp } from '../../server/app.js';
import { readConfig } from '../../server/config.js';
import { setSecretsKey } from '../../server/security/secrets.js';
import { orders } from '../../server/db/schema/index.js';
import { orderApi } from '../../resources/orders/api.js';
import { statusId } from '../../resources/orders/statuses.js';
import { ERRORS } from '../../server/errors.js';
import { TEST_SECRETS_KEY } from './global-setup.js';
import { insertOrder, orderLedger } from './orders-fixture.js';
import { admin, pgProblem, pgRequired, throwawayDatabase } from './postgres-fixture.js';
import { holding, waitForLockWaiter } from './postgres-waits.js';

const { name: dbName, url: dbUrl } = throwawayDatabase('payadmin_refs');

describe.skipIf(pgProblem !== null && !pgRequired)('payment references on PostgreSQL with two instances', () => {
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];
  const db = (): Db => databases[0].db;
  let seq = 0;
  const fresh = () => `RACE${Date.now().toString(36).toUpperCase()}${++seq}`;

  beforeAll(async () => {
    if (pgProblem) throw new Error(`PG_TEST_URL does not answer (required in CI): ${pgProblem}`);
    expect(await admin(`create database ${dbName}`)).toBeNull();
    setSecretsKey(TEST_SECRETS_KEY);
    databases.push(await openPostgres(dbUrl), await openPostgres(dbUrl));
    await seedDemo(db());
    const config = { ...readConfig({ BACKGROUND_JOBS: 'off' }), staticDir: '/nonexistent' };
    for (const database of databases) apps.push(await buildApp({ database, config }));
  }, 60_000);
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all(databases.map((d) => d.close()));
    await admin(`drop database if exists ${dbName} with (force)`);
  });

  const submit = (i: number, orderCode: string, utr: string) =>
    apps[i % 2].inject({
      method: 'POST',
      url: `/pay/order/${orderCode}/utr`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en-US', 'sec-fetch-site': 'same-origin' },
      payload: new URLSearchParams({ utr }).toString(),
    });
  const holdersOf = async (codes: string[], utr: string) =>
    (await db().select({ code: orders.orderCode }).from(orders).where(and(inArray(orders.orderCode, codes), eq(orders.utr, utr), eq(orders.status, statusId('pendingConfirmation'))))).map((r) => r.code);

  it('gives one UTR submitted on two pay pages at once to one order', async () => {
    for (let round = 0; round < 5; round++) {
      const pair = [await insertOrder(db()), await insertOrder(db())];
      const utr = fresh();
      const answers = await Promise.all(pair.map((order, i) => submit(i, order.orderCode, utr)));
      expect(answers.map((a) => a.statusCode).sort(), `round ${round}`).toEqual([303, 409]);
      expect(await holdersOf(pair.map((o) => o.orderCode), utr)).toHaveLength(1);
    }
  }, 60_000);

  it("makes a submission wait for another order's uncommitted claim of its UTR, then refuses it", async () => {
    const [a, b] = [await insertOrder(db()), await insertOrder(db())];
    const utr = fresh();
    const claim = holding(db(), (tx) => tx.update(orders).set({ status: statusId('pendingConfirmation'), utr }).where(eq(orders.id, a.id)));
    await claim.started;
    const answer = submit(1, b.orderCode, utr);
    await waitForLockWaiter(db());
    await claim.end();
    expect((await answer).statusCode).toBe(409);
    expect(await holdersOf([a.orderCode, b.orderCode], utr)).toEqual([a.orderCode]);
  }, 30_000);

  it('supplements two orders with one UTR at once: one is paid, the other refused with nothing posted', async () => {
    const tokens: { token: string; token2: string }[] = [];
    for (const app of apps) {
      const token = (await app.inject({ method: 'POST', url: '/v1.0/user/login', payload: { userName: 'admin', password: DEMO_PASSWORD } })).json().data.token as string;
      const token2 = (await app.inject({ method: 'POST', url: '/v1.0/user/login2', headers: { token }, payload: { password: DEMO_PASSWORD, logInReason: 'test' } })).json().data.token2 as string;
      tokens.push({ token, token2 });
    }
    for (let round = 0; round < 3; round++) {
      const pair = [await insertOrder(db()), await insertOrder(db())];
      const utr = fresh();
      const answers = await Promise.all(
        pair.map((order, i) => apps[i].inject({ method: 'POST', url: `/v1.0${orderApi.supplement}`, headers: tokens[i], payload: { orderCode: order.orderCode, utr } }).then((r) => r.json() as { code: number })),
      );
      expect(answers.map((a) => a.code).sort(), `round ${round}`).toEqual([200, ERRORS.paymentReferenceUsed]);
      const posted = await Promise.all(pair.map(async (o) => (await orderLedger(db(), o.orderCode)).rows.length > 0));
      expect(posted.filter(Boolean)).toHaveLength(1);
    }
  }, 60_000);
});
