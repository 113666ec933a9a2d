/**
 * The turns on PGlite's connection (server/db/pglite-turns.ts) through the real server: an
 * operator's list is not held behind a burst of merchants' creations, and no statement of another
 * request ever runs inside a transaction. On PostgreSQL (API_DB=postgres) the pool serves them side
 * by side and the same expectations hold.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import { systemConfig } from '../../server/db/schema/index.js';
import { useTestServer } from './harness.js';
import { create, signed } from './order-create-fixture.js';

const server = useTestServer();
let admin = '';

beforeAll(async () => {
  admin = await server.login('admin');
});

describe('PGlite turns in the server', () => {
  it("an operator's list asked during a burst of creations is answered before most of them", async () => {
    const answered: string[] = [];
    const creations = Array.from({ length: 12 }, (_, i) => create(server, signed({ amount: 10_000 + i * 100 })).then((body) => (answered.push(`creation ${i}`), body)));
    // The creations are in: their first statements wait for the connection.
    await sleep(0);
    const list = server.call('GET', '/order/getList', { token: admin, query: { pageIndex: 1, pageSize: 20 } }).then((body) => (answered.push('list'), body));
    const [listBody, ...created] = await Promise.all([list, ...creations]);
    expect(listBody.code).toBe(200);
    expect(created.map((body) => body.code)).toEqual(created.map(() => 200));
    // First come, first served, the list's statements each queued behind all twelve and came last.
    expect(answered.indexOf('list')).toBeLessThan(6);
  });

  it('a statement asked while a transaction is open runs after its commit and sees none of its uncommitted writes', async () => {
    const { db } = server.database;
    const key = 'turnsProbe';
    const order: string[] = [];
    const transaction = db.transaction(async (tx) => {
      await tx.insert(systemConfig).values({ key, value: { probe: true } });
      order.push('inserted');
      // The transaction waits with its row written: a statement let in now would see it.
      await sleep(50);
      await tx.delete(systemConfig).where(eq(systemConfig.key, key));
      order.push('deleted');
    });
    await sleep(10);
    const seen = await db.select().from(systemConfig).where(eq(systemConfig.key, key));
    order.push('read');
    await transaction;
    expect(seen).toEqual([]);
    if (server.database.kind === 'pglite') expect(order).toEqual(['inserted', 'deleted', 'read']);
  });
});
