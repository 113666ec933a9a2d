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
  for (const entry of ready) {
    const result = await tryOne(entry, false);
    if (result === 'busy') busy.push(entry);
    else if (result !== null) return result;
  }
  if (settings.request.noWait) return null;
  for (const entry of busy) {
    const result = await tryOne(entry, true);
    if (result !== null) return result as Pick;
  }
  return null;
}
