/**
 * The payout risk check: a payout whose payee (name, card number, UPI id or wallet address) is on
 * the enabled blacklist is held instead of paid, and each hit is recorded as a detection with the
 * rule (the blacklist kind) and the listed value. Runs in the transaction that creates or changes
 * the payout, so the detection and the hold are written together.
 */
import { and, eq, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { BLACKLIST_KINDS, normalizeListed } from '../../resources/risk-control/kinds.js';
import { riskBlacklist, riskDetections } from '../db/schema/index.js';
import type { Db } from '../db/client.js';
import { writeAudit } from '../audit/write.js';
import type { OrderRow } from '../orders/order-row.js';

/** A listed value as normalizeListed compares it, in SQL: the blacklist's own duplicate check uses it too. */
export const listedValue = (column: AnyColumn): SQL => sql`lower(regexp_replace(btrim(${column}), '\\s+', ' ', 'g'))`;

/** The payee details of a payout by the field names of BLACKLIST_KINDS. */
function payeeOf(order: OrderRow): Record<string, string | null> {
  return { userName: order.userName, cardNumber: order.cardNumber, vpa: order.extras.vpa ?? null, address: order.usdtAddress ?? order.extras.address ?? null };
}

/** Checks the payout's payee; records every hit. Answers whether the payout must be held. */
export async function detectPayee(tx: Db, order: OrderRow): Promise<boolean> {
  const payee = payeeOf(order);
  const wanted = BLACKLIST_KINDS.flatMap((k) => (payee[k.field] ? [{ kind: k.code, value: normalizeListed(payee[k.field]!) }] : []));
  if (!wanted.length) return false;
  const hits = await tx
    .select({ id: riskBlacklist.id, kind: riskBlacklist.kind, value: riskBlacklist.value })
    .from(riskBlacklist)
    .where(
      and(
        eq(riskBlacklist.enabled, true),
        or(...wanted.map((w) => and(eq(riskBlacklist.kind, w.kind), eq(listedValue(riskBlacklist.value), w.value)))),
      ),
    );
  if (!hits.length) return false;
  await tx.insert(riskDetections).values(hits.map((h) => ({ orderId: order.id, orderCode: order.orderCode, merchantId: order.merchantId, rule: h.kind, value: h.value, blacklistId: h.id })));
  // One audit row for the hold, whoever's request raised it (a merchant's payout, an operator's change).
  await writeAudit(tx, { type: 'warningDetection', action: 'riskDetection.hold', target: order.orderCode, before: null, after: { rules: hits.map((h) => h.kind), blacklistIds: hits.map((h) => h.id) } });
  return true;
}
