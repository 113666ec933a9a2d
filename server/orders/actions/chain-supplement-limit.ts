/**
 * FixSecurityChainSupplementLimit, read on each manual supplement. A receiving account's trusted
 * chain is broken while it has an open gap: its bank moved money without an SMS reaching the
 * platform, and no paid order accounts for it (server/security-nodes/chains.ts). Operators repair
 * such a chain by supplementing the orders whose payments went unseen; the setting caps how many of
 * the account's orders may be supplemented from the oldest open gap on, so a broken chain cannot
 * become a door for supplementing any number of orders. The next one is refused (4275) until the
 * gaps are continued or the limit raised. 0: no limit.
 */
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { orders } from '../../db/schema/index.js';
import type { Db } from '../../db/client.js';
import { fail } from '../../errors.js';
import { gapsOf } from '../../security-nodes/chains.js';
import { getSetting } from '../../settings/store.js';
import type { OrderRow } from '../order-row.js';

/** Any fixed number: with the account id, the transaction lock that serializes one account's supplements. */
const CHAIN_SUPPLEMENT_LOCK = 7_200_275;

export async function checkChainSupplementLimit(db: Db, order: OrderRow): Promise<void> {
  const limit = Number((await getSetting(db, 'FixSecurityChainSupplementLimit')).value ?? 0);
  if (!(limit > 0) || order.accountId === null) return;
  // Two supplements at once on one account would both count the same number.
  await db.execute(sql`select pg_advisory_xact_lock(${CHAIN_SUPPLEMENT_LOCK}::int, ${order.accountId}::int)`);
  const open = (await gapsOf(db, undefined, order.accountId)).filter((gap) => gap.state === 'open');
  if (!open.length) return;
  const brokenSince = new Date(Math.min(...open.map((gap) => gap.previousNodeAt.getTime())));
  const [{ n }] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.accountId, order.accountId), eq(orders.supplemented, true), gt(orders.completedAt, brokenSince)));
  if (n >= limit) fail('chainSupplementLimit', { limit, gaps: open.length });
}
