/**
 * The pay page a customer opens from an account's link or QR code: the account's public pay details
 * (bank, account name, card number, IFSC, UPI or wallet address) and nothing else: never secrets,
 * limits, balances or the owner. Server-rendered HTML with every value escaped.
 *
 * A page is found only from its link: it is named by a reference only the server can make
 * (./pay-ref.ts), never the bare sequential id, and views are limited per client address
 * (PAY_PAGE_RATE_LIMIT), so links cannot be walked. Only a collection account with details to pay to has one: a payout account (a bank
 * payout account, a USDT payout wallet) is never shown to the public, and a disabled, deleted or
 * unknown account shows "not available". Links are built from the configured public address, never
 * from request headers a client could forge.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isPayoutProduct } from '../../resources/products/catalogue.js';
import { channelOf } from '../../resources/receiving-accounts/kind.js';
import { receivingAccounts } from '../db/schema/index.js';
import { pickLanguage, t } from '../i18n.js';
import type { ServerConfig } from '../config.js';
import type { Services } from '../http/route.js';
import type { Db } from '../db/client.js';
import type { Language } from '../../providers/languages.js';
import { getSetting } from '../settings/store.js';
import { escape, page, PAY_FIELDS, payDetailRows } from '../pay/shell.js';
import { pageViewLimit } from '../pay/views.js';
import { accountIdOfRef, payRefOf } from './pay-ref.js';

type Account = typeof receivingAccounts.$inferSelect;

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

/** Whether the account has a public pay page: it collects (its product is no payout) and its kind shows a detail it holds. */
export function hasPayPage(row: Account): boolean {
  const kind = channelOf(row.kind);
  return Boolean(kind) && !isPayoutProduct(row.productId) && PAY_FIELDS.some((name) => name in kind!.fields && row[name]);
}

/** The account's pay link and jump link, by its reference. */
export const payLinks = (base: string, accountId: number) => ({
  link: `${base}/pay/resource/${payRefOf(accountId)}`,
  jumpLink: `${base}/pay/jump?ref=${payRefOf(accountId)}`,
});

export function registerPayPage(app: FastifyInstance, services: Services): void {
  const views = pageViewLimit(services.config);
  const notice = (lang: Language, text: string) => page(lang, t('pay.title', lang), `<p class="notice error">${escape(text)}</p>`);

  app.register(async (scope) => {
    scope.addHook('onRequest', async (_request, reply) => {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    });
    // A refused request (too many) still answers a page, never JSON.
    scope.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
      const lang = pickLanguage(request.headers);
      // The limit refuses before the hook above ran.
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (error.statusCode === 429) return reply.code(429).send(notice(lang, t('pay.tooMany', lang)));
      request.log.error(error);
      return reply.code(500).send(notice(lang, t('errors.internal', lang)));
    });

    scope.get<{ Params: { ref: string } }>('/pay/resource/:ref', views, async (request, reply) => {
      const lang = pickLanguage(request.headers);
      // A reference the server did not make names no account (and never reaches SQL).
      const id = accountIdOfRef(request.params.ref);
      const [row] = id
        ? await services.db
            .select()
            .from(receivingAccounts)
            .where(and(eq(receivingAccounts.id, id), isNull(receivingAccounts.deletedAt), eq(receivingAccounts.enabled, true)))
            .limit(1)
        : [];
      if (!row || !hasPayPage(row)) return reply.code(404).send(notice(lang, t('pay.unavailable', lang)));
      const rows = payDetailRows(row, channelOf(row.kind)!.fields, (name) => t(`pay.${name}`, lang));
      return reply.send(page(lang, t('pay.title', lang), `<div class="card"><table>${rows}</table></div>`));
    });

    // The jump link of a merchant's site lands on the same page (a relative redirect: no open redirect).
    scope.get<{ Querystring: { ref?: string } }>('/pay/jump', async (request, reply) => {
      const ref = request.query.ref ?? '';
      return reply.redirect(`/pay/resource/${accountIdOfRef(ref) ? ref : '0'}`);
    });
  });
}
