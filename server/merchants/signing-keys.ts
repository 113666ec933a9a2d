/**
 * The merchant keys this process has checked a sign with, by mchId: order creation checks the sign
 * before it reads anything else, so a request with a wrong sign costs no more than an indexed read
 * of the key (and none once the key is known here), never creation's read of the accounts.
 *
 * Only a shortcut for refusing: the caller still compares the key it verified with the one its
 * own read of the merchant finds (`checkStillCurrent`), so a key regenerated on another process stops
 * working at once. A sign that fails against a key held here reads the key again at most once a
 * second per mchId: another process's new key is taken up within that second, and a stream of bad
 * signs costs one small read a second. A key regenerated on this process is forgotten at once.
 */
import { decryptSecret } from '../security/secrets.js';
import { fail } from '../errors.js';
import type { Db } from '../db/client.js';

export interface SigningKey {
  userId: number;
  /** As stored: what the merchant's own read is compared with. */
  encrypted: string;
  plain: string;
}

/** How long a held key is trusted to refuse a sign without reading the key again. */
export const RECHECK_MS = 1000;
/** Merchants held at most; the oldest read is dropped first. */
const MAX_HELD = 10_000;

type Held = Map<string, SigningKey & { readAt: number }>;
/** Per database (its app's root handle): one process may serve several, as the tests do. */
const heldBy = new WeakMap<Db, Held>();
function heldIn(db: Db): Held {
  let held = heldBy.get(db);
  if (!held) heldBy.set(db, (held = new Map()));
  return held;
}

/** The merchant's id and stored key by mchId; fails unknownMerchant when no merchant has it (creation's own read of a merchant). */
export type KeyRead = (mchId: string) => Promise<{ userId: number; encrypted: string }>;

function hold(held: Held, mchId: string, userId: number, encrypted: string): SigningKey {
  const known = held.get(mchId);
  const plain = known?.encrypted === encrypted ? known.plain : decryptSecret(encrypted);
  held.delete(mchId);
  if (held.size >= MAX_HELD) held.delete(held.keys().next().value!);
  const entry = { userId, encrypted, plain, readAt: Date.now() };
  held.set(mchId, entry);
  return entry;
}

/** Whether a sign holds with a merchant's plain key (the caller's check of its own payload). */
export type SignCheck = (plainKey: string) => boolean;

/**
 * The key the sign holds with, else the refusal (`db`: the app's own handle, never a transaction's,
 * whose keys are held): signInvalid when the merchant's key refuses the sign; `read` answers
 * unknownMerchant for an mchId no merchant has.
 */
export async function verifiedKey(db: Db, mchId: string, accepts: SignCheck, read: KeyRead): Promise<SigningKey> {
  const held = heldIn(db);
  const known = held.get(mchId);
  if (known && accepts(known.plain)) return known;
  if (known && Date.now() - known.readAt < RECHECK_MS) fail('signInvalid');
  const stored = await read(mchId);
  const key = hold(held, mchId, stored.userId, stored.encrypted);
  if (!accepts(key.plain)) fail('signInvalid');
  return key;
}

/**
 * The sign must also hold with the key the merchant's own read found (`encrypted`), when it is not
 * the one verified: regenerated since, on another process. The key held here is then the stored
 * one as of now (the second its refusals are trusted for starts again).
 */
export function checkStillCurrent(db: Db, mchId: string, verified: SigningKey, current: { userId: number; encrypted: string }, accepts: SignCheck): void {
  // Either way the key held is now the stored one, as of now.
  const key = hold(heldIn(db), mchId, current.userId, current.encrypted);
  if (key.encrypted !== verified.encrypted && !accepts(key.plain)) fail('signInvalid');
}

/** A member's key was regenerated here: the next sign of theirs reads it afresh. */
export function forgetSigningKey(db: Db, userId: number): void {
  const held = heldIn(db);
  for (const [mchId, entry] of held) if (entry.userId === userId) held.delete(mchId);
}
