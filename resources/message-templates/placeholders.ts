/**
 * The kinds of messages the platform sends and the placeholders each may use, with the sample
 * values of the detail screen's preview. A body may use only its kind's placeholders.
 */
export const TEMPLATE_KINDS = ['orderSuccess', 'orderTimeout', 'payoutFailed', 'fundRecord', 'callbackReminder', 'balanceLow'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

export const PLACEHOLDERS: Record<TemplateKind, readonly string[]> = {
  orderSuccess: ['orderCode', 'merchantName', 'amount', 'completedAt'],
  orderTimeout: ['orderCode', 'merchantName', 'amount', 'createdAt'],
  payoutFailed: ['orderCode', 'merchantName', 'amount', 'reason'],
  fundRecord: ['memberName', 'amount', 'balanceAfter', 'reason', 'time'],
  callbackReminder: ['orderCode', 'merchantName', 'callbackUrl', 'attempts'],
  balanceLow: ['memberName', 'balance', 'threshold'],
};

const SAMPLES: Record<string, string> = {
  orderCode: 'P202611240001',
  merchantName: 'Demo Merchant',
  memberName: 'Demo Merchant',
  amount: '1,000.00',
  balance: '52,300.00',
  balanceAfter: '53,300.00',
  threshold: '10,000.00',
  completedAt: '2026-11-24 10:15:00',
  createdAt: '2026-11-24 10:00:00',
  time: '2026-11-24 10:15:00',
  reason: 'Bank rejected',
  callbackUrl: 'https://merchant.example.com/notify',
  attempts: '3',
};

/** `{name}` placeholders of a text. */
export const placeholdersIn = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

/** The text with each known placeholder replaced by its sample value. */
export const preview = (text: string, kind: TemplateKind): string =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => (PLACEHOLDERS[kind]?.includes(name) ? (SAMPLES[name] ?? whole) : whole));
