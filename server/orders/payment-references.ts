/**
 * Reading who holds a payment reference (resources/orders/payment-references.ts). The database
 * refuses a second holder by itself (the trigger on orders of the payment_references migration,
 * answered as paymentReferenceUsed by server/http/register.ts); these reads let a caller that must
 * not fail its whole transaction (bank matching, the pay page) see the holder first and answer in
 * its own way.
 */
import { and, eq } from 'drizzle-orm';
import { referenceKey, type ReferenceChannel } from '../../resources/orders/payment-references.js';
import { paymentReferences } from '../db/schema/index.js';
import type { Db } from '../db/client.js';

export interface ReferenceHolder {
  orderId: number;
  orderCode: string;
}

/** The order holding `reference` in `channel`, or null (also for a blank reference). */
export async function referenceHolder(db: Db, channel: ReferenceChannel, reference: string | null | undefined): Promise<ReferenceHolder | null> {
  const key = reference ? referenceKey(reference) : '';
  if (!key) return null;
  const [row] = await db
    .select({ orderId: paymentReferences.orderId, orderCode: paymentReferences.orderCode })
    .from(paymentReferences)
    .where(and(eq(paymentReferences.channel, channel), eq(paymentReferences.reference, key)))
    .limit(1);
  return row ?? null;
}
