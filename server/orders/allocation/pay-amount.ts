/** The pay amount within an account's float: what tells payers of one amount apart. */

/** The widest float an account may have, in cents: pay amounts lie within this of the amount. */
export const MAX_FLOAT = 100;

/**
 * The pay amount: the amount itself when free among the account's open orders, else the nearest
 * free one within +/- float cents (up first). Release tries the amount the payer was already shown
 * first. Without a float the account does not tell payers apart by amount: no uniqueness needed.
 */
export function payAmountFor(amount: number, float: number, taken: readonly number[], preferred?: number): number | null {
  const spread = Math.min(Math.abs(float), MAX_FLOAT);
  if (spread === 0) return amount;
  const busy = new Set(taken);
  const tries = [...(preferred !== undefined && Math.abs(preferred - amount) <= spread ? [preferred] : []), amount];
  for (let step = 1; step <= spread; step++) tries.push(amount + step, amount - step);
  return tries.find((p) => p > 0 && !busy.has(p)) ?? null;
}
