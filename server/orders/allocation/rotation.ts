/**
 * The rotation: the accounts that passed on the read, least recently allocated first, are locked
 * and judged again one at a time; the first that still passes takes the order.
 */
import type { Db } from '../../db/client.js';
import { letGo, lockAndRead } from './lock.js';
import type { AccountRow, Figures } from './read.js';
import { judge, rangeReasons, structuralReasons } from './rules.js';
import type { Settings } from './types.js';

/** An account that passed on the figures read, and the time that places it in the rotation. */
type Ready = { row: AccountRow; time: number };

/** Fair rotation: no order today first, then the oldest latest order, ties by account id. */
export const timeOf = (figures: Figures) => figures.lastAt?.getTime() ?? -Infinity;
export const goesBefore = (a: Ready, b: Ready) => a.time < b.time || (a.time === b.time && a.row.account.id < b.row.account.id);

type Pick = { row: AccountRow; payAmount: number };

/**
 * The accounts this process's creations hold (with how many: one that committed may not be
 * counted out yet when the next takes it). Another creation of the process passes them over
 * without asking the database, which would answer 'busy' in a statement of its own: concurrent
 * creations rank the same account first. Only a hint: the lock itself still decides.
 */
const heldHere = new Map<number, number>();

/** Counts out the accounts a creation's allocation counted in (AllocateRequest.held), once its transaction ended. */
export function letGoHere(accountIds: number[]): void {
  for (const id of accountIds.splice(0)) count(id, -1);
}

/**
 * Locks and checks again the accounts that passed on the read, in rotation order: the first that
 * still passes takes the order. One that another allocation holds is passed over at first (it is
 * being given an order, which will make it the most recently allocated) and waited for only when
 * every other one failed.
 */
export async function pickFrom(tx: Db, settings: Settings, ready: Ready[]): Promise<Pick | null> {
  const busy: Ready[] = [];
  const tryOne = async (entry: Ready, wait: boolean): Promise<Pick | 'busy' | null> => {
    const read = await lockAndRead(tx, settings, entry.row.account.id, wait);
    const candidate = settings.byId.get(entry.row.account.id)!;
    if (read === 'busy') return 'busy';
    if (read === 'gone') {
      // Deleted, or moved out of the products asked for, since the read.
      candidate.reasons = ['accountDisabled'];
      return null;
    }
    const reasons = [...structuralReasons(read.row, settings.request), ...rangeReasons(read.row, settings.request.amount)];
    const { payAmount } = reasons.length ? { payAmount: null } : judge(settings, read);
    if (reasons.length) candidate.reasons = reasons;
    if (payAmount === null) {
      await letGo(tx, settings);
      return null;
    }
    return { row: read.row, payAmount };
  };
  const { held } = settings.request;
  for (const entry of ready) {
    const id = entry.row.account.id;
    // Held by another creation of this process: passed over without a statement.
    if (held && heldHere.has(id)) {
      busy.push(entry);
      continue;
    }
    // Counted in before its lock is asked for, so a creation deciding meanwhile passes it over; noted
    // in `held` at once, so the caller counts it out even if the lock's statement fails.
    if (held) hold(id, held);
    const result = await tryOne(entry, false);
    if (held && (result === 'busy' || result === null)) letGoHere(held.splice(-1));
    if (result === 'busy') busy.push(entry);
    else if (result !== null) return result;
  }
  if (settings.request.noWait) return null;
  for (const entry of busy) {
    const result = await tryOne(entry, true);
    if (result === null) continue;
    if (held) hold(entry.row.account.id, held);
    return result as Pick;
  }
  return null;
}

function count(accountId: number, by: 1 | -1): void {
  const n = (heldHere.get(accountId) ?? 0) + by;
  if (n > 0) heldHere.set(accountId, n);
  else heldHere.delete(accountId);
}

/** Counts the account in, noted in `held` for the caller to count out. */
function hold(accountId: number, held: number[]): void {
  count(accountId, 1);
  held.push(accountId);
}
