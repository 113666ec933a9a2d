/**
 * The payUrl an order gives its payer (creation reply, batch creation, the pay page's QR code):
 * the payers' address (ApiUrl / PUBLIC_BASE_URL) and, with IsNewPayUrl on, the short path
 * `/p/<orderCode>`, else the classic `/pay/order/<orderCode>`. Both settings are read on each call;
 * the server serves both paths for every order, so links handed out before a switch keep working.
 */
import { payOrderPath, shortPayOrderPath } from '../../resources/orders/api.js';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { payBaseUrl } from '../resource-switch/pay-page.js';
import { getSetting } from '../settings/store.js';

export type PayLinkOf = (orderCode: string) => string;

/** Reads the settings once and answers the link builder for the orders of one request. */
export async function orderPayLinks(db: Db, config: Pick<ServerConfig, 'host' | 'port' | 'publicBaseUrl'>): Promise<PayLinkOf> {
  const base = await payBaseUrl(db, config);
  const short = (await getSetting(db, 'IsNewPayUrl')).enable === true;
  return (orderCode) => base + (short ? shortPayOrderPath(orderCode) : payOrderPath(orderCode));
}
