/**
 * What the payer's pay page shows of an order: only its public facts (order number, amount to pay,
 * the allocated account's pay details, QR code, deadline) and, while it can still be paid, the UTR
 * form. Never the merchant, the supplier, fees, limits or the merchant's own order number. Every
 * value is escaped.
 */
import dayjs from 'dayjs';
import { isSuccess, statusCode } from '../../resources/orders/statuses.js';
import { channelOf } from '../../resources/receiving-accounts/kind.js';
import { formatMinor, microToUsdt } from '../../providers/money.js';
import type { Language } from '../../providers/languages.js';
import type { receivingAccounts } from '../db/schema/index.js';
import { t } from '../i18n.js';
import { escape, page, payDetailRows } from '../pay/shell.js';
import type { OrderRow } from './order-row.js';

type AccountRow = typeof receivingAccounts.$inferSelect;

/** Where the payer is: paying (the form), waiting for review, or finished one way or another. */
export type PayState = 'form' | 'submitted' | 'paid' | 'rejected' | 'timedOut' | 'unavailable';

/** An open order past its deadline is timed out for the payer even before the sweep moves it. */
export function payStateOf(order: OrderRow, account: AccountRow | null, now = new Date()): PayState {
  const status = statusCode(order.status);
  if (status === 'allocated') {
    if (order.expiresAt && order.expiresAt.getTime() <= now.getTime()) return 'timedOut';
    return account && channelOf(account.kind) ? 'form' : 'unavailable';
  }
  if (status === 'pendingConfirmation') return 'submitted';
  if (status && isSuccess(status)) return 'paid';
  if (status === 'rejected' || status === 'rejecting') return 'rejected';
  if (status === 'timedOut') return 'timedOut';
  return 'unavailable';
}

const STATE_NOTICE: Record<Exclude<PayState, 'form'>, { css: string; key: string }> = {
  submitted: { css: 'ok', key: 'pay.submitted' },
  paid: { css: 'ok', key: 'pay.paid' },
  rejected: { css: 'error', key: 'pay.rejected' },
  timedOut: { css: 'warn', key: 'pay.timedOut' },
  unavailable: { css: 'warn', key: 'pay.notPayable' },
};

export interface PayPageInput {
  lang: Language;
  order: OrderRow;
  account: AccountRow | null;
  /** The QR code image (data: URL) of what the payer scans. */
  qr: string;
  /** A refusal of the last submission (bad UTR, state conflict, cross-site form). */
  error?: string;
  /** The currency of the CardCountry setting, named beside the amount. */
  currency: string;
  /** The ContactInfo setting: how a payer reaches support; blank shows no contact line. */
  contact: string;
  /** What the payer typed, shown again after a refusal. */
  utr?: string;
  payerName?: string;
  /** NeedNameCheck: the form asks the name the payer paid under. */
  needName: boolean;
}

export const COUNTDOWN_SCRIPT = '/pay/assets/countdown.js';

/** The deadline in the server's time zone, with its UTC offset so a payer elsewhere reads it right. */
const deadlineText = (at: Date) => dayjs(at).format('YYYY-MM-DD HH:mm:ss [UTC]Z');

function amountCard(lang: Language, order: OrderRow, currency: string): string {
  const usdt = order.usdtCount !== null ? `<div class="label">${escape(t('pay.usdtAmount', lang))}</div><div class="amount" data-field="usdtCount">${escape(microToUsdt(order.usdtCount))}</div>` : '';
  return (
    `<div class="card"><div class="label">${escape(t('pay.orderCode', lang))}</div><div data-field="orderCode">${escape(order.orderCode)}</div>` +
    `<div class="label" style="margin-top:8px">${escape(t('pay.amount', lang))}</div><div class="amount"><span data-field="payAmount">${escape(formatMinor(order.payAmount))}</span> <span data-field="currency">${escape(currency)}</span></div>${usdt}</div>`
  );
}

function nameInput(lang: Language, payerName: string): string {
  return (
    `<label for="payerName">${escape(t('pay.payerName', lang))}</label>` +
    `<input id="payerName" name="payerName" required maxlength="128" autocomplete="name" value="${escape(payerName)}" aria-describedby="payerName-hint">` +
    `<div id="payerName-hint" class="label" style="margin-bottom:8px">${escape(t('pay.payerNameHint', lang))}</div>`
  );
}

function formCard(lang: Language, order: OrderRow, utr: string, payerName: string | null): string {
  const deadline = order.expiresAt
    ? `<p data-expires="${escape(order.expiresAt.toISOString())}" data-left-label="${escape(t('pay.timeLeft', lang))}" data-expired-text="${escape(t('pay.timedOut', lang))}">` +
      `${escape(t('pay.deadline', lang, { time: deadlineText(order.expiresAt) }))}<br><span class="countdown" data-countdown></span></p>`
    : '';
  const action = `/pay/order/${encodeURIComponent(order.orderCode)}/utr`;
  return (
    `<div class="card">${deadline}<form id="utr-form" method="post" action="${escape(action)}">` +
    (payerName === null ? '' : nameInput(lang, payerName)) +
    `<label for="utr">${escape(t('pay.utr', lang))}</label>` +
    `<input id="utr" name="utr" required minlength="6" maxlength="64" pattern="[A-Za-z0-9]{6,64}" autocomplete="off" value="${escape(utr)}" aria-describedby="utr-hint">` +
    `<div id="utr-hint" class="label">${escape(t('pay.utrHint', lang))}</div>` +
    `<button type="submit">${escape(t('pay.submit', lang))}</button></form></div>`
  );
}

const contactCard = (lang: Language, contact: string) =>
  contact.trim() ? `<div class="card label" data-field="contact">${escape(t('pay.contact', lang, { contact: contact.trim() }))}</div>` : '';

export function renderPayPage({ lang, order, account, qr, error, utr = '', payerName = '', needName, currency, contact }: PayPageInput): string {
  const state = payStateOf(order, account);
  const title = t('pay.orderTitle', lang);
  const parts = [error ? `<div class="notice error" role="alert" data-testid="pay-error">${escape(error)}</div>` : ''];
  if (state !== 'form') {
    const notice = STATE_NOTICE[state];
    parts.push(`<div class="notice ${notice.css}" role="status" data-state="${state}">${escape(t(notice.key, lang))}</div>`, amountCard(lang, order, currency), contactCard(lang, contact));
    return page(lang, title, parts.join(''));
  }
  const kind = channelOf(account!.kind)!;
  parts.push(
    amountCard(lang, order, currency),
    `<div class="card"><p class="label">${escape(t('pay.payExactly', lang))}</p><table>${payDetailRows(account!, kind.fields, (name) => t(`pay.${name}`, lang))}</table></div>`,
    `<div class="card qr"><img src="${escape(qr)}" alt="${escape(t('pay.qr', lang))}"><div class="label">${escape(t('pay.qr', lang))}</div></div>`,
    formCard(lang, order, utr, needName ? payerName : null),
    contactCard(lang, contact),
  );
  return page(lang, title, parts.join(''), [COUNTDOWN_SCRIPT]);
}

/** The page for an order code nobody issued. */
export const notFoundPage = (lang: Language) => page(lang, t('pay.orderTitle', lang), `<div class="notice warn">${escape(t('pay.notFound', lang))}</div>`);

/** A page that only says something went wrong (a refused request before any order was read). */
export const messagePage = (lang: Language, text: string) => page(lang, t('pay.orderTitle', lang), `<div class="notice error" role="alert">${escape(text)}</div>`);
