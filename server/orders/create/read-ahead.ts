/**
 * Order creation's first statement: the product's accounts with their figures, and on the first
 * row the settings and the merchant with its product, in one round trip before the transaction
 * (the accounts' read takes no lock: allocation reads each again under its lock). Each statement
 * is a socket write and a wake-up of the database; creation is the busiest path.
 */
import { sql } from 'drizzle-orm';
import { toMinorUnits, type CreateOrderPayload } from '../../../resources/orders/create-schema.js';
import type { Db } from '../../db/client.js';
import { limitsIn } from '../allocation/allocate.js';
import { readAccounts, type AccountRow } from '../allocation/read.js';
import type { Limits } from '../allocation/types.js';
import { requestScope } from '../../settings/request-scope.js';
import { settingsObject, settingsRead } from '../../settings/store.js';
import { merchantObject, merchantOf, type Merchant, type MerchantObject } from './merchant.js';

export type ReadAhead = { merchant: Merchant | null; accounts: { rows: AccountRow[]; limits: Limits } };

/**
 * The limit settings the last read ahead found: the accounts' statement is written for them, and
 * read again in the transaction only in the request that finds them changed.
 */
let limitsSeen: Limits = { limitMode: 'strict', successAmount: false };

const along = () => sql`json_build_object('settings', ${settingsObject()}, 'merchant', ${merchantObject()})`;

/**
 * Reads ahead for a collection order in a request (whose settings these become); null when
 * there is nothing to read ahead (then each is read on its own, as for other paths): no request, a
 * payout, or no account of the product at all (no row to carry the rest). `merchant` null: no
 * merchant has this mchId.
 */
export async function readAhead(db: Db, payload: CreateOrderPayload): Promise<ReadAhead | null> {
  if (!requestScope()) return null;
  const limits = limitsSeen;
  const request = { action: 'allocate' as const, amount: toMinorUnits(payload.productId, payload.amount), productIds: [payload.productId] };
  const values = { key: payload.mchId, productId: payload.productId, kind: 'collection' };
  const rows = await readAccounts(db, request, limits, { name: 'creation', sql: along, values });
  if (!rows.length) return null;
  const first = rows[0].along as { settings: Record<string, unknown> | null; merchant: MerchantObject | null };
  settingsRead(first.settings);
  limitsSeen = await limitsIn(db);
  const merchant = first.merchant && merchantOf(first.merchant, { id: payload.productId, kind: 'collection' });
  return { merchant, accounts: { rows, limits } };
}
