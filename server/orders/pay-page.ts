/**
 * The payer's pay page of an order (payUrl): public, no admin session. GET shows the order's public
 * facts and, while it can be paid, a plain HTML form; POST .../utr takes the payer's UTR and moves the
 * order allocated -> pendingConfirmation through the state machine (audited as the system, with the
 * payer's address). Works without JavaScript; the countdown script only adds a live clock.
 *
 * Cross-site submissions: the page holds no session and no cookie, so a forged form could do nothing
 * the forger could not do by posting itself. The check below still keeps other sites from driving
 * submissions through a visitor's browser: a browser's Sec-Fetch-Site (or, without it, Origin)
 * must say the form came from this origin. The state machine makes a submission count once.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { payOrderPath, payOrderRoutes } from '../../resources/orders/api.js';
import { CARD_CURRENCY } from '../../resources/system-config/settings.js';
import { COLLECTION } from '../../resources/orders/statuses.js';
import { sameName, submitUtrSchema, submitUtrWithNameSchema } from '../../resources/orders/utr.js';
import { referenceChannel } from '../../resources/orders/payment-references.js';
import { minorToMajor } from '../../providers/money.js';
import type { Language } from '../../providers/languages.js';
import { orders, receivingAccounts } from '../db/schema/index.js';
import type { Db } from '../db/client.js';
import { AppError } from '../errors.js';
import { pickLanguage, t } from '../i18n.js';
import type { Services } from '../http/route.js';
import { refusalOf } from '../http/register.js';
import { publicBaseUrl } from '../resource-switch/pay-page.js';
import { orderPayLinks } from './pay-url.js';
import { getSetting } from '../settings/store.js';
import { lockOrder, type OrderRow } from './order-row.js';
import { transition } from './state-machine.js';
import { referenceHolder } from './payment-references.js';
import { admitPayPageVisit, isFrozen } from '../order-analysis/requests.js';
import { pageViewLimit } from '../pay/views.js';
import { COUNTDOWN_SCRIPT, messagePage, notFoundPage, payStateOf, renderPayPage } from './pay-view.js';

const COUNTDOWN_JS = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'pay', 'countdown.js'), 'utf8');

/** Order codes are letters, digits, - and _; anything else is no order (and never reaches SQL). */
const ORDER_CODE = /^[A-Za-z0-9_-]{1,64}$/;

/** Submissions per minute per address: a payer needs one, a guesser of UTRs or order codes more. */
const SUBMISSIONS_PER_MINUTE = 20;

type Params = { orderCode: string };

async function findOrder(db: Db, orderCode: string): Promise<OrderRow | null> {
  if (!ORDER_CODE.test(orderCode)) return null;
  const [row] = await db.select().from(orders).where(eq(orders.orderCode, orderCode)).limit(1);
  // Payout orders have no pay page.
  return row && row.orderType === COLLECTION ? row : null;
}

async function accountOf(db: Db, order: OrderRow) {
  if (order.accountId === null) return null;
  const [row] = await db.select().from(receivingAccounts).where(eq(receivingAccounts.id, order.accountId)).limit(1);
  return row ?? null;
}

/** UPI accounts: a upi:// URI a UPI app pays from; other accounts: the pay link itself. */
function qrText(order: OrderRow, account: typeof receivingAccounts.$inferSelect | null, payUrl: string): string {
  if (!account?.upiAccount) return payUrl;
  const params = [`pa=${encodeURIComponent(account.upiAccount)}`];
  if (account.accountName) params.push(`pn=${encodeURIComponent(account.accountName)}`);
  params.push(`am=${minorToMajor(order.payAmount)}`, `tn=${encodeURIComponent(order.orderCode)}`, 'cu=INR');
  return `upi://pay?${params.join('&')}`;
}

/** NeedNameCheck, read on each visit and submission: the form asks the name the payer paid under. */
const needName = async (db: Db) => (await getSetting(db, 'NeedNameCheck')).enable === true;

async function sendPage(services: Services, reply: FastifyReply, lang: Language, order: OrderRow, extra: { error?: string; utr?: string; payerName?: string; status?: number } = {}) {
  const account = await accountOf(services.db, order);
  const payUrl = (await orderPayLinks(services.db, services.config))(order.orderCode);
  const qr = payStateOf(order, account) === 'form' ? await QRCode.toDataURL(qrText(order, account, payUrl), { margin: 1, width: 240 }) : '';
  // Read on each visit, so a change on the config screen shows on the next page load.
  const currency = CARD_CURRENCY[String((await getSetting(services.db, 'CardCountry')).value)] ?? '';
  const contact = String((await getSetting(services.db, 'ContactInfo')).value ?? '');
  const form = { utr: extra.utr, payerName: extra.payerName, needName: await needName(services.db) };
  return reply.code(extra.status ?? 200).send(renderPayPage({ lang, order, account, qr, error: extra.error, currency, contact, ...form }));
}

/** Whether the browser says this POST comes from a page of this origin (absent headers: not a browser form). */
function sameOrigin(request: FastifyRequest, services: Services): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin' || site === 'none';
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (origin === new URL(publicBaseUrl(services.config)).origin) return true;
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}

export function registerOrderPayPage(app: FastifyInstance, services: Services): void {
  app.register(async (scope) => {
    // The form posts application/x-www-form-urlencoded; only these routes read it, and only a little.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    scope.addHook('onRequest', async (_request, reply) => {
      // The page's own form must carry its Origin (the app's default policy sends none).
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'same-origin');
    });
    // A refused request (too many, unreadable body) still answers a page, never JSON.
    scope.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
      const lang = pickLanguage(request.headers);
      // The view limit refuses before the hook above ran.
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (error.statusCode === 429) return reply.code(429).send(messagePage(lang, t('pay.tooMany', lang)));
      if (error.statusCode && error.statusCode < 500) return reply.code(400).send(messagePage(lang, t('pay.unreadable', lang)));
      request.log.error(error);
      return reply.code(500).send(messagePage(lang, t('errors.internal', lang)));
    });

    scope.get(COUNTDOWN_SCRIPT, async (_request, reply) => reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(COUNTDOWN_JS));

    // Both the classic and the short path (IsNewPayUrl) show the page, whatever the setting now says:
    // links already handed out keep working after it is switched.
    const showPage = async (request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) => {
      const lang = pickLanguage(request.headers);
      const order = await findOrder(services.db, request.params.orderCode);
      if (!order) return reply.code(404).send(notFoundPage(lang));
      // Each visit is counted per payer address (order analysis); a frozen address is refused.
      if (!(await admitPayPageVisit(services.db, request.ip, order.merchantId))) return reply.code(403).send(messagePage(lang, t('errors.ipFrozen', lang)));
      return sendPage(services, reply, lang, order);
    };
    // Views per minute per address: a payer reloads a few times, a guesser of order codes many.
    const views = pageViewLimit(services.config);
    scope.get<{ Params: Params }>(payOrderRoutes.page, views, showPage);
    scope.get<{ Params: Params }>(payOrderRoutes.shortPage, views, showPage);

    scope.post<{ Params: Params }>(payOrderRoutes.submitUtr, { config: { rateLimit: { max: SUBMISSIONS_PER_MINUTE, timeWindow: 60_000 } } }, async (request, reply) => {
      const lang = pickLanguage(request.headers);
      const order = await findOrder(services.db, request.params.orderCode);
      if (!order) return reply.code(404).send(notFoundPage(lang));
      if (await isFrozen(services.db, request.ip, order.merchantId)) return reply.code(403).send(messagePage(lang, t('errors.ipFrozen', lang)));
      const body = (request.body ?? {}) as { utr?: unknown; payerName?: unknown };
      const retyped = { utr: typeof body.utr === 'string' ? body.utr.slice(0, 64) : '', payerName: typeof body.payerName === 'string' ? body.payerName.slice(0, 128) : '' };
      if (!sameOrigin(request, services)) return sendPage(services, reply, lang, order, { status: 403, error: t('pay.crossSite', lang), ...retyped });
      const parsed = ((await needName(services.db)) ? submitUtrWithNameSchema : submitUtrSchema).safeParse(body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = issue.path[0] === 'payerName' ? 'payerName' : 'utr';
        const reason = issue.message === 'required' ? t('validation.required', lang) : field === 'utr' ? t('validation.utr', lang) : t('validation.tooLong', lang, { max: 128 });
        return sendPage(services, reply, lang, order, { status: 400, error: `${t(`pay.${field}`, lang)} ${reason}`, ...retyped });
      }
      const payerName = 'payerName' in parsed.data ? String(parsed.data.payerName) : null;
      // The merchant named its payer: the name the money came from must be that one.
      if (payerName && order.userName && !sameName(payerName, order.userName)) return sendPage(services, reply, lang, order, { status: 400, error: t('pay.nameMismatch', lang), ...retyped });
      // A UTR another order holds (pending or paid) pays that order, not this one. The holder is not
      // named: this page is public. Two submissions racing are settled by the database (below).
      const holder = await referenceHolder(services.db, referenceChannel(order.productId), parsed.data.utr);
      if (holder && holder.orderId !== order.id) return sendPage(services, reply, lang, order, { status: 409, error: t('pay.utrUsed', lang), ...retyped });
      try {
        await services.db.transaction(async (tx) => {
          const db = tx as unknown as Db;
          const locked = await lockOrder(db, order.orderCode);
          // Past the deadline the payer may no longer submit, even before the timeout sweep ran.
          if (payStateOf(locked, await accountOf(db, locked)) !== 'form') throw new AppError('orderStateConflict');
          const now = new Date();
          await transition(db, locked, { action: 'submitUtr', to: 'pendingConfirmation', actor: { userId: null, ip: request.ip }, set: { utr: parsed.data.utr, utrSubmittedAt: now, ...(payerName ? { validateUserName: payerName } : {}) } });
        });
      } catch (error) {
        const refusal = error instanceof AppError ? error : refusalOf(error, lang);
        if (!refusal) throw error;
        if (refusal.name === 'paymentReferenceUsed') return sendPage(services, reply, lang, order, { status: 409, error: t('pay.utrUsed', lang), ...retyped });
        // Someone (or an earlier submission) moved the order: show where it stands now.
        const current = (await findOrder(services.db, order.orderCode)) ?? order;
        return sendPage(services, reply, lang, current, { status: 409, error: t('pay.alreadyHandled', lang) });
      }
      // Post/redirect/get: a reload shows the result instead of sending the form again.
      return reply.code(303).header('location', payOrderPath(order.orderCode)).send('');
    });
  });
}
