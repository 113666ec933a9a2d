/**
 * The creation path every order takes, from the merchant's API call and from the test screens
 * alike: sign, service switch, merchant, merchant state, then one transaction that checks the
 * product and the order number, allocates and stores. A refusal stores nothing; an allocation
 * failure stores the order (as allocationFailed) and then answers the allocationFailed code.
 */
import { toApiAmount, type CreateOrderPayload } from '../../../resources/orders/create-schema.js';
import type { CreatedOrder } from '../../../resources/merchant-api/answers.js';
import { COLLECTION, statusCode } from '../../../resources/orders/statuses.js';
import { fail } from '../../errors.js';
import { verifySign } from '../sign.js';
import { orderPayLinks, type PayLinkOf } from '../pay-url.js';
import { getSetting } from '../../settings/store.js';
import type { Db } from '../../db/client.js';
import type { Services } from '../../http/route.js';
import type { OrderRow } from '../order-row.js';
import { checkMerchantOpen, findMerchant } from './merchant.js';
import { checkStillCurrent, verifiedKey } from '../../merchants/signing-keys.js';
import { placeOrder, type PlaceOptions } from './place.js';
import { inCreationSlot } from './creation-slots.js';
import { readAhead } from './read-ahead.js';
import { letGoHere } from '../allocation/rotation.js';
import { guardOrderRequest } from '../../order-analysis/requests.js';
import { isPayoutProduct } from '../../../resources/products/catalogue.js';

/** What a successful creation answers (amount as the API carries it: x10000 for product 1045). */
/** `payLink`: orderPayLinks() of the request. */
export function createdView(payLink: PayLinkOf, order: OrderRow): CreatedOrder {
  return {
    orderCode: order.orderCode,
    mchOrderNo: order.merchantOrderNo,
    amount: toApiAmount(order.productId, order.amount),
    // Payouts have no payer to send to a pay page.
    payUrl: order.orderType === COLLECTION ? payLink(order.orderCode) : null,
  };
}

/** The enableService switch: off, the platform takes no orders at all. */
export async function checkServiceOn(db: Db): Promise<void> {
  if ((await getSetting(db, 'enableService')).enable === false) fail('serviceDisabled');
}

/**
 * Creates one order from a validated payload; `raw` is the payload as received, which the sign
 * covers. Runs its own transaction: the caller's route is declared without one, so that a failed
 * allocation is committed before it is answered.
 */
export function submitOrder(services: Pick<Services, 'db' | 'config'>, payload: CreateOrderPayload, raw: Record<string, unknown>, options: PlaceOptions) {
  // Every statement of a creation, its reads before the transaction too, runs in a slot (creation-slots.ts).
  return inCreationSlot(() => submitInSlot(services, payload, raw, options));
}

async function submitInSlot(services: Pick<Services, 'db' | 'config'>, payload: CreateOrderPayload, raw: Record<string, unknown>, options: PlaceOptions) {
  const { db } = services;
  const payout = isPayoutProduct(payload.productId);
  // The sign first: a request that does not hold it reads nothing more (merchants/signing-keys.ts).
  const signs = (key: string) => verifySign(raw, key);
  const signer = await verifiedKey(db, payload.mchId, signs, (mchId) => findMerchant(db, { mchId }).then(({ profile }) => ({ userId: profile.userId, encrypted: profile.merchantKeyEncrypted })));
  // A collection order reads its settings, merchant and accounts in one statement (read-ahead.ts).
  const ahead = payout ? null : await readAhead(db, payload);
  await checkServiceOn(db);
  if (ahead && !ahead.merchant) fail('unknownMerchant');
  // The product's state comes with the merchant: placeOrder's product check then costs no statement.
  const merchant = ahead?.merchant ?? (await findMerchant(db, { mchId: payload.mchId }, { id: payload.productId, kind: payout ? 'payout' : 'collection' }));
  // The key may have been regenerated since it was verified (on another process): the merchant's own read decides.
  checkStillCurrent(db, payload.mchId, signer, { userId: merchant.user.id, encrypted: merchant.profile.merchantKeyEncrypted }, signs);
  // Counted per payer IP only once the sign proves the merchant sent it (no one else can freeze an
  // address); test orders are operators' own.
  if (!options.test) await guardOrderRequest(db, payload.clientIp, merchant.user.id);
  checkMerchantOpen(merchant);
  // The account it holds is passed over by this process's other creations until it commits.
  const held: number[] = [];
  const order = await db.transaction((tx) => placeOrder(tx as unknown as Db, merchant, payload, { ...options, accounts: ahead?.accounts, held })).finally(() => letGoHere(held));
  if (statusCode(order.status) === 'allocationFailed') fail('allocationFailed');
  return createdView(await orderPayLinks(services.db, services.config), order);
}
