/**
 * The hooks of order creation and the pay page: count each request per client IP, merchant and
 * minute (one upsert), refuse a frozen IP, and freeze an IP that asks one merchant for more orders
 * in a minute than the global security setting's perMinuteFreqCount (read on every request, so a
 * change applies at once; 0 turns automatic freezing off).
 *
 * Which address: an order-creation request comes from the merchant's server, so it is counted
 * under the payer's address the merchant reports (`clientIp`; without one there is no one to
 * count). A pay-page visit comes from the payer's browser itself. Only creation requests count
 * toward the automatic freeze: a payer reloading its own pay page is not abuse.
 *
 * Whose: the address is the merchant's word, so it is counted and frozen per merchant: an automatic
 * freeze refuses that merchant's orders only (its creations, its orders' pay pages and UTRs), and
 * one merchant naming another's payers' address (or 127.0.0.1) cannot shut them out. A freeze by
 * hand holds for every merchant.
 */
import { and, eq, gte, isNull, or, sql } from 'drizzle-orm';
import { GLOBAL_SECURITY_DEFAULTS } from '../../resources/system-config/schema.js';
import type { RequestKind } from '../../resources/order-analysis/api.js';
import { frozenIps, ipRequests } from '../db/schema/index.js';
import { writeAudit } from '../audit/write.js';
import type { Db } from '../db/client.js';
import { fail } from '../errors.js';
import { getConfigObject } from '../settings/store.js';
import { GLOBAL_SECURITY_KEY } from '../settings/security.js';

const thisMinute = sql`date_trunc('minute', now())`;

/** A freeze in force on `ip` for `merchantId`'s orders: its own, or one for every merchant. */
const frozenFor = (ip: string, merchantId: number) =>
  and(eq(frozenIps.ip, ip), isNull(frozenIps.unfrozenAt), or(isNull(frozenIps.merchantId), eq(frozenIps.merchantId, merchantId)));

/** Whether `ip` is refused for `merchantId`'s orders; without a merchant, whether a freeze for every merchant is in force. */
export async function isFrozen(db: Db, ip: string, merchantId?: number): Promise<boolean> {
  const where = merchantId === undefined ? and(eq(frozenIps.ip, ip), isNull(frozenIps.unfrozenAt), isNull(frozenIps.merchantId)) : frozenFor(ip, merchantId);
  const [row] = await db.select({ id: frozenIps.id }).from(frozenIps).where(where).limit(1);
  return Boolean(row);
}

/**
 * Refuses an IP frozen for the merchant, else adds one request to its count of this minute and
 * answers that merchant's count of that kind this minute. One statement, as creation's busiest
 * path wants: the freeze looked up and the upserted row's count. A frozen IP's request is not
 * counted.
 */
async function countUnlessFrozen(db: Db, ip: string, kind: RequestKind, merchantId: number): Promise<number | 'frozen'> {
  const { rows } = (await db.execute(sql`
    with frozen as (
      select 1 from ${frozenIps} where ${frozenFor(ip, merchantId)} limit 1
    ), counted as (
      insert into ${ipRequests} (ip, minute, kind, merchant_id, count)
      select ${ip}, ${thisMinute}, ${kind}, ${merchantId}, 1 where not exists (select 1 from frozen)
      on conflict (ip, minute, kind, merchant_id) do update set count = ${ipRequests}.count + 1
      returning count
    )
    select exists (select 1 from frozen) as frozen, (select count from counted)::int as n`)) as unknown as { rows: { frozen: boolean; n: number | null }[] };
  return rows[0].frozen ? 'frozen' : Number(rows[0].n);
}

/** An operator let the IP through for the merchant this minute: its count of this minute no longer freezes it. */
async function unfrozenThisMinute(db: Db, ip: string, merchantId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: frozenIps.id })
    .from(frozenIps)
    .where(and(eq(frozenIps.ip, ip), gte(frozenIps.unfrozenAt, thisMinute), or(isNull(frozenIps.merchantId), eq(frozenIps.merchantId, merchantId))))
    .limit(1);
  return Boolean(row);
}

/** Freezes the IP for the merchant as the system (unless such a freeze is already in force), audited. */
async function autoFreeze(db: Db, ip: string, merchantId: number, requestCount: number): Promise<void> {
  const [row] = await db.insert(frozenIps).values({ ip, merchantId, source: 'auto', requestCount }).onConflictDoNothing().returning();
  if (row) await writeAudit(db, { type: 'warningDetection', userId: null, account: null, action: 'frozenIps.autoFreeze', target: row.id, ip, before: null, after: row });
}

/**
 * Before an order is created for `merchantId` on behalf of `clientIp` (its sign checked): refused
 * when the IP is frozen for the merchant, counted, and refused (and frozen for the merchant) when
 * this request is one too many for it this minute. Runs on the plain database, so the count and the freeze stay though the request is refused.
 */
export async function guardOrderRequest(db: Db, clientIp: string | undefined, merchantId: number): Promise<void> {
  if (!clientIp) return;
  const requests = await countUnlessFrozen(db, clientIp, 'create', merchantId);
  if (requests === 'frozen') return fail('ipFrozen');
  const { perMinuteFreqCount: limit } = await getConfigObject(db, GLOBAL_SECURITY_KEY, GLOBAL_SECURITY_DEFAULTS);
  if (limit > 0 && requests > limit && !(await unfrozenThisMinute(db, clientIp, merchantId))) {
    await autoFreeze(db, clientIp, merchantId, requests);
    fail('ipFrozen');
  }
}

/** A pay-page visit from `ip` to an order of `merchantId`: false when the IP is frozen for that merchant (the page is refused). */
export async function admitPayPageVisit(db: Db, ip: string, merchantId: number): Promise<boolean> {
  return (await countUnlessFrozen(db, ip, 'payPage', merchantId)) !== 'frozen';
}
