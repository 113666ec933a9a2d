/**
 * Idempotency-Key for routes that move money or state (`idempotent: true`), after Stripe's keys and
 * the IETF draft "The Idempotency-Key HTTP Header Field":
 *  - the first request with a key acts, and its answer is stored with the key, in the request's own
 *    transaction: the key exists exactly when the effects were committed (a request cut off
 *    halfway leaves neither, so its retry acts);
 *  - a repeat with the same key and the same request (method, path, query, body) replays that
 *    answer without acting again (header `idempotent-replayed: true`);
 *  - the same key with another request is refused (idempotencyKeyReused);
 *  - a concurrent duplicate waits for the first (the unique key's insert waits for its commit),
 *    then replays its answer, or acts if the first was refused and rolled back;
 *  - a refusal stores nothing: a retry is checked afresh (a balance may have changed meanwhile).
 * Keys belong to the user who sent them; without the header a route acts as always.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, lt, sql } from 'drizzle-orm';
import { idempotencyKeys } from '../db/schema/index.js';
import { fail } from '../errors.js';
import type { Db } from '../db/client.js';
import type { Job } from '../jobs/runner.js';

const HEADER = 'idempotency-key';
/** Printable ASCII without spaces, 1 to 255 characters (a UUID fits). */
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

export interface IdempotencyKey {
  key: string;
  fingerprint: string;
}

/** The request's key and fingerprint, or undefined without the header; a malformed key is refused. */
export function idempotencyKeyOf(request: FastifyRequest): IdempotencyKey | undefined {
  const value = request.headers[HEADER];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !KEY_FORMAT.test(value)) fail('invalidParam', { field: 'Idempotency-Key', reason: 'format' });
  const [path] = request.url.split('?');
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([request.method, path, request.query ?? null, request.body ?? null]))
    .digest('hex');
  return { key: value as string, fingerprint };
}

/**
 * Takes the key for this request inside its transaction. Answers the stored answer to replay, or
 * null when this request is the first and must act (then saveAnswer stores what it answers).
 */
export async function claimKey(tx: Db, userId: number, id: IdempotencyKey): Promise<{ answer: unknown } | null> {
  const [taken] = await tx.insert(idempotencyKeys).values({ userId, key: id.key, fingerprint: id.fingerprint }).onConflictDoNothing().returning({ id: idempotencyKeys.id });
  if (taken) return null;
  const [prior] = await tx
    .select({ fingerprint: idempotencyKeys.fingerprint, response: idempotencyKeys.response })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, id.key)))
    .limit(1);
  if (!prior) fail('idempotencyKeyInFlight');
  if (prior.fingerprint !== id.fingerprint) fail('idempotencyKeyReused');
  return { answer: (prior.response as { data: unknown }).data };
}

/** Stores the first answer with its key (in the same transaction as the request's effects). */
export async function saveAnswer(tx: Db, userId: number, id: IdempotencyKey, data: unknown): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ response: { data: data ?? null } })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, id.key)));
}

/** How long a key is kept: a client retries within minutes; a day covers any outage. */
const KEEP_HOURS = 24;

/** Forgets keys older than KEEP_HOURS (a later request with one of them acts afresh). */
export const idempotencyPurgeJob: Job = {
  name: 'idempotency-purge',
  everyMs: 60 * 60 * 1000,
  run: async ({ db }) => {
    await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${KEEP_HOURS})`));
  },
};
