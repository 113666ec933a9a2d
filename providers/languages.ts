/** The three interface languages; zh-CN is the default. */
export const LANGUAGES = ['zh-CN', 'zh-TW', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';
export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/**
 * Locale areas the login page reads (its form, the language switch, the product title): the only
 * texts the login route downloads. Everything else loads with the signed-in app (src/Root.tsx).
 */
export const LOGIN_AREAS: readonly string[] = ['app', 'auth', 'languages', 'shell'];

/**
 * Locale areas (locales/<lang>/<area>.json) that only signed-in screens use: the shell loads them
 * with its own chunk, so the login route does not download them (scripts/bundle-size.ts leaves them
 * out of the login budget). An area read before sign-in must not be listed here.
 */
export const SCREEN_ONLY_AREAS: readonly string[] = [
  'systemConfig',
  'auditActions',
  'auditRecords',
  'scripts',
  'entityView',
  'bots',
  'payGateways',
  'messageTemplates',
  'ipRules',
  'agentIpWhitelist',
  'todoItems',
  'orderClearHistory',
  'realtime',
];
