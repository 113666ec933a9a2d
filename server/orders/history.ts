/**
 * What the order and payout details add to the row: its ledger rows (staff every leg, a member only
 * its own) and its audit trail, each before and after kept to the keys the caller's row shows (the
 * declaration's field rules, trailKeysShownTo), so the trail never tells a member what its columns
 * hide; staff also see who acted and from where.
 */
import { and, asc, eq, like } from 'drizzle-orm';
import { rowScope } from '../../providers/ability-engine.js';
import { auditRecords, users } from '../db/schema/index.js';
import { readers, trailKeysShownTo } from '../crud/query.js';
import type { Ctx, EntityStore } from '../crud/store.js';
import { entriesFor } from '../ledger/ledger.js';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The ledger rows and trail of the order `orderCode`, whose audit actions start with `prefix` (`order.`, `order.payout.`). */
export async function ledgerAndTrail(store: EntityStore, ctx: Ctx, orderCode: string, prefix: string) {
  const scope = rowScope(ctx.ability, 'show', readers(store));
  const own = scope ? new Set(Object.values(scope).flat()) : null;
  const ledger = (await entriesFor(ctx.db, 'order', orderCode))
    .filter((e) => !own || (e.userId !== null && own.has(e.userId)))
    .map((e) => ({ id: e.id, userId: e.userId, account: e.account, amount: Number(e.amount), reason: e.reason, createdAt: e.createdAt }));

  const rows = await ctx.db
    .select({ id: auditRecords.id, action: auditRecords.action, before: auditRecords.before, after: auditRecords.after, createdAt: auditRecords.createdAt, ip: auditRecords.ip, operator: users.account })
    .from(auditRecords)
    .leftJoin(users, eq(users.id, auditRecords.userId))
    .where(and(eq(auditRecords.target, orderCode), like(auditRecords.action, `${prefix}%`)))
    .orderBy(asc(auditRecords.id));
  const shown = trailKeysShownTo(store, ctx);
  // The keys the caller may see; a value that is no plain object only staff read.
  const keep = (value: unknown) => (isRecord(value) ? Object.fromEntries(Object.entries(value).filter(([key]) => shown(key))) : own ? null : value);
  const audit = rows.map((r) => ({
    id: r.id,
    action: r.action.slice(prefix.length),
    before: keep(r.before),
    after: keep(r.after),
    createdAt: r.createdAt,
    // The system (timeouts, callbacks) acts without a user.
    ...(own ? {} : { operator: r.operator ?? null, ip: r.ip }),
  }));
  return { ledger, audit };
}
