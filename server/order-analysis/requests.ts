/**
 * The hooks of order creation and the pay page: count each request per client IP and minute (one
 * upsert), refuse a frozen IP, and freeze an IP that asks for more orders in a minute than the
 * global security setting's perMinuteFreqCount (read on every request, so a change applies at
 * once; 0 turns automatic freezing off).
 *
 * Which address: an order-creation request comes from the merchant's server, so it is counted
 * under the payer's address the merchant reports (`clientIp`; without one there is no one to
 * count). A pay-page visit comes from the payer's browser itself. Only creation requests count
 * toward the automatic freeze: a payer reloading its own pay page is not abuse.
 */
import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import { GLOBAL_SECURITY_DEFAULTS } from '../../resources/system-config/schema.js';
import type { RequestKind } from '../../resources/order-analysis/api.js';
import { frozenIps, ipRequests } from '../db/schema/index.js';
import { writeAudit } from '../audit/write.js';
import type { Db } from '../db/client.js';
import { fail } from '../errors.js';
import { getConfigObject } from '../system-config/store.js';
import { GLOBAL_SECURITY_KEY } from '../system-config/routes.js';

const thisMinute = sql`date_trunc('minute', now())`;

export async function isFrozen(db: Db, ip: string): Promise<boolean> {
  const [row] = await db
    .select({ id: frozenIps.id })
    .from(frozenIps)
    .where(and(eq(frozenIps.ip, ip), isNull(frozenIps.unfrozenAt)))
    .limit(1);
  return Boolean(row);
}

/**
 * Refuses a frozen IP, else adds one request to its count of this minute and answers its count of
 * that kind this minute (all merchants). One statement, as creation's busiest path wants: the
 * freeze looked up, the upserted row's count, plus the other merchants' rows. A frozen IP's request
 * is not counted.
 */
async function countUnlessFrozen(db: Db, ip: string, kind: RequestKind, merchantId: number): Promise<number | 'frozen'> {
  const { rows } = (await db.execute(sql`
    with frozen as (
      select 1 from ${frozenIps} where ip = ${ip} and unfrozen_at is null limit 1
    ), counted as (
      insert into ${ipRequests} (ip, minute, kind, merchant_id, count)
      select ${ip}, ${thisMinute}, ${kind}, ${merchantId}, 1 where not exists (select 1 from frozen)
      on conflict (ip, minute, kind, merchant_id) do update set count = ${ipRequests}.count + 1
      returning count
    )
    select exists (select 1 from frozen) as frozen, ((select count from counted) + coalesce((
      select sum(count) from ${ipRequests} where ip = ${ip} and minute = ${thisMinute} and kind = ${kind} and merchant_id <> ${merchantId}
    ), 0))::int as n`)) as unknown as { rows: { frozen: boolean; n: number | null }[] };
  return rows[0].frozen ? 'frozen' : Number(rows[0].n);
}

/** An operator let the IP through this minute: its count of this minute no longer freezes it. */
async function unfrozenThisMinute(db: Db, ip: string): Promise<boolean> {
  const [row] = await db
    .select({ id: frozenIps.id })
    .from(frozenIps)
    .where(and(eq(frozenIps.ip, ip), gte(frozenIps.unfrozenAt, thisMinute)))
    .limit(1);
  return Boolean(row);
}

/** Freezes the IP as the system (unless a freeze is already in force), audited. */
async function autoFreeze(db: Db, ip: string, requestCount: number): Promise<void> {
  const [row] = await db.insert(frozenIps).values({ ip, source: 'auto', requestCount }).onConflictDoNothing().returning();
  if (row) await writeAudit(db, { type: 'warningDetection', userId: null, account: null, action: 'frozenIps.autoFreeze', target: row.id, ip, before: null, after: row });
}

/**
 * Before an order is created for `merchantId` on behalf of `clientIp` (its sign checked): refused
 * when the IP is frozen, counted, and refused (and frozen) when this request is one too many this
 * minute. Runs on the plain database, so the count and the freeze stay though the request is refused.
 */
export async function guardOrderRequest(db: Db, clientIp: string | undefined, merchantId: number): Promise<void> {
  if (!clientIp) return;
  const requests = await countUnlessFrozen(db, clientIp, 'create', merchantId);
  if (requests === 'frozen') return fail('ipFrozen');
  const { perMinuteFreqCount: limit } = await getConfigObject(db, GLOBAL_SECURITY_KEY, GLOBAL_SECURITY_DEFAULTS);
  if (limit > 0 && requests > limit && !(await unfrozenThisMinute(db, clientIp))) {
    await autoFreeze(db, clientIp, requests);
    fail('ipFrozen');
  }
}

/** A pay-page visit from `ip` to an order of `merchantId`: false when the IP is frozen (the page is refused). */
export async function admitPayPageVisit(db: Db, ip: string, merchantId: number): Promise<boolean> {
  return (await countUnlessFrozen(db, ip, 'payPage', merchantId)) !== 'frozen';
}
