/**
 * A payment reference pays once: the UTR of a bank payment, or the transaction hash of a USDT
 * transfer. While an order waits for confirmation of one, or is paid with it, no other order of
 * the same channel may carry it (the database's payment_references table and the trigger on orders
 * keep this; the payment_references migration). Pure data shared by the server and its tests.
 */
import { CATALOGUE } from '../products/catalogue';
import { SUCCESS_STATUSES, type OrderStatus } from './statuses';

/** Statuses in which an order holds its reference: submitted for confirmation, or paid. */
export const REFERENCE_HOLDING_STATUSES: readonly OrderStatus[] = ['pendingConfirmation', ...SUCCESS_STATUSES];

/** Where a reference was issued: a bank's UTR (card, UPI and gateway products alike) or a USDT transaction hash. */
export type ReferenceChannel = 'bank' | 'usdt';

export const referenceChannel = (productId: number): ReferenceChannel => (CATALOGUE.some((p) => p.id === productId && p.usdt) ? 'usdt' : 'bank');

/** References compare without surrounding blanks and case: "utr123 " is "UTR123". */
export const referenceKey = (reference: string): string => reference.trim().toUpperCase();
