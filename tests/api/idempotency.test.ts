/**
 * Idempotency-Key on money-moving routes: a repeat replays the first answer and moves nothing, the
 * same key with another body is refused, concurrent duplicates act once, a refusal is not kept.
 */
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, ledgerEntries, users } from '../../server/db/schema/index.js';
import { idempotencyPurgeJob } from '../../server/http/idempotency.js';
import { allRoutes } from '../../server/routes.js';
import { useTestServer } from './harness.js';
import { payRoute } from './idempotency-fixture.js';

const server = useTestServer({ BACKGROUND_JOBS: 'off' }, [...allRoutes.filter((r) => r.url.startsWith('/user/')), payRoute]);
let token: string;
let merchantId: number;

const pay = (body: unknown, key?: string) => server.call('POST', '/test/idempotentPay', { token, body, headers: key ? { 'idempotency-key': key } : {} });
async function rows(): Promise<number> {
  const [row] = await server.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.refType, 'idempotencyTest'), eq(ledgerEntries.account, 'member')));
  return row.n;
}

beforeAll(async () => {
  token = await server.login('admin');
  [{ id: merchantId }] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.account, 'merchant3'));
});

describe('Idempotency-Key', () => {
  it('replays the first answer to a repeat and moves the money once', async () => {
    const before = await rows();
    const first = await pay({ userId: merchantId, amount: 500 }, 'key-replay-1');
    const again = await pay({ userId: merchantId, amount: 500 }, 'key-replay-1');
    expect(first.code, first.msg).toBe(200);
    expect(again).toEqual(first);
    expect(await rows()).toBe(before + 1);
  });

  it('refuses the same key with another body, changing nothing', async () => {
    await pay({ userId: merchantId, amount: 700 }, 'key-other-body');
    const before = await rows();
    const other = await pay({ userId: merchantId, amount: 701 }, 'key-other-body');
    expect(other.code).toBe(4129);
    expect(await rows()).toBe(before);
  });

  it('acts once for concurrent duplicates, all answering alike', async () => {
    const before = await rows();
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay({ userId: merchantId, amount: 300 }, 'key-concurrent')));
    expect(answers.every((a) => a.code === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.data.entryId)).size).toBe(1);
    expect(await rows()).toBe(before + 1);
  });

  it('keeps no refusal: a retry after the cause is fixed acts', async () => {
    const before = await rows();
    const refused = await pay({ userId: merchantId, amount: -10_000_000 }, 'key-refused');
    expect(refused.code).toBe(4009);
    expect(await rows()).toBe(before);
    await pay({ userId: merchantId, amount: 10_000_000 }, 'key-funding');
    const retried = await pay({ userId: merchantId, amount: -10_000_000 }, 'key-refused');
    expect(retried.code, retried.msg).toBe(200);
  });

  it('is per user: another user with the same key acts on its own', async () => {
    const before = await rows();
    await pay({ userId: merchantId, amount: 100 }, 'key-shared');
    const other = await server.login('superAdmin');
    const answer = await server.call('POST', '/test/idempotentPay', { token: other, body: { userId: merchantId, amount: 100 }, headers: { 'idempotency-key': 'key-shared' } });
    expect(answer.code).toBe(200);
    expect(await rows()).toBe(before + 2);
  });

  it('refuses a malformed key and acts each time without one', async () => {
    expect((await pay({ userId: merchantId, amount: 1 }, 'has space')).code).toBe(4000);
    const before = await rows();
    await pay({ userId: merchantId, amount: 1 });
    await pay({ userId: merchantId, amount: 1 });
    expect(await rows()).toBe(before + 2);
  });
});

describe('Idempotency-Key expiry', () => {
  it('forgets keys after a day: the purge removes only old ones', async () => {
    await pay({ userId: merchantId, amount: 5 }, 'key-old');
    await pay({ userId: merchantId, amount: 5 }, 'key-new');
    await server.database.db.update(idempotencyKeys).set({ createdAt: sql`now() - interval '25 hours'` }).where(eq(idempotencyKeys.key, 'key-old'));
    await idempotencyPurgeJob.run(server.app.services);
    const left = await server.database.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys);
    expect(left.map((k) => k.key)).toContain('key-new');
    expect(left.map((k) => k.key)).not.toContain('key-old');
  });
});
