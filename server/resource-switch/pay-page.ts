/**
 * The pay page a customer opens from an account's link or QR code: the account's public pay details
 * (bank, account name, card number, IFSC, UPI or wallet address) and nothing else: never secrets,
 * limits, balances or the owner. Server-rendered HTML with every value escaped; a disabled, deleted
 * or unknown account shows "not available". Links are built from the configured public address,
 * never from request headers a client could forge.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { channelOf } from '../../resources/receiving-accounts/kind.js';
import { receivingAccounts } from '../db/schema/index.js';
import { pickLanguage, t } from '../i18n.js';
import type { ServerConfig } from '../config.js';
import type { Services } from '../http/route.js';
import type { Db } from '../db/client.js';
import { getSetting } from '../system-config/store.js';
import { escape, page, payDetailRows } from '../pay/shell.js';

/**
 * Where payers are sent (pay links, QR codes, the payUrl merchants get): the ApiUrl setting when an
 * operator set one (read on each call, so a new address applies at once), else publicBaseUrl().
 */
export async function payBaseUrl(db: Db, config: Pick<ServerConfig, 'host' | 'port' | 'publicBaseUrl'>): Promise<string> {
  const configured = String((await getSetting(db, 'ApiUrl')).value ?? '').trim().replace(/\/+$/, '');
  return configured || publicBaseUrl(config);
}

/** PUBLIC_BASE_URL (how customers reach this server), else the server's own address. */
export function publicBaseUrl(config: Pick<ServerConfig, 'host' | 'port' | 'publicBaseUrl'>): string {
  if (config.publicBaseUrl) return config.publicBaseUrl;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return `http://${host}:${config.port}`;
}

export const payLinks = (base: string, resourceId: number, productId: number) => ({
  link: `${base}/pay/resource/${resourceId}?productId=${productId}`,
  jumpLink: `${base}/pay/jump?resourceId=${resourceId}&productId=${productId}`,
});

export function registerPayPage(app: FastifyInstance, services: Services): void {
  app.get<{ Params: { id: string } }>('/pay/resource/:id', async (request, reply) => {
    const lang = pickLanguage(request.headers);
    const id = /^\d{1,9}$/.test(request.params.id) ? Number(request.params.id) : 0;
    const [row] = id
      ? await services.db
          .select()
          .from(receivingAccounts)
          .where(and(eq(receivingAccounts.id, id), isNull(receivingAccounts.deletedAt), eq(receivingAccounts.enabled, true)))
          .limit(1)
      : [];
    const kind = row && channelOf(row.kind);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!row || !kind) return reply.code(404).send(page(lang, t('pay.title', lang), `<p class="notice error">${escape(t('pay.unavailable', lang))}</p>`));
    const rows = payDetailRows(row, kind.fields, (name) => t(`pay.${name}`, lang));
    return reply.send(page(lang, t('pay.title', lang), `<div class="card"><table>${rows}</table></div>`));
  });

  // The jump link of a merchant's site lands on the same page (a relative redirect: no open redirect).
  app.get<{ Querystring: { resourceId?: string } }>('/pay/jump', async (request, reply) => {
    const id = /^\d{1,9}$/.test(request.query.resourceId ?? '') ? request.query.resourceId : '0';
    return reply.redirect(`/pay/resource/${id}`);
  });
}
