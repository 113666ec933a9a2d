import { callbackConfigProblems, readCallbackConfig, type CallbackConfig } from './orders/callbacks/config.js';
import { outgoingConfigProblems, readOutgoingRule } from './outgoing/config.js';
import type { OutgoingRule } from './outgoing/guarded-fetch.js';

/** Every setting the server reads from the environment, in one place (README lists them). */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Absolute session lifetime, the same number of days as the admin's token cookie. */
  tokenDays: number;
  /** A session unused this long is refused (server-side idle expiry). */
  idleMinutes: number;
  /** Lifetime of a second-level token (login2). */
  token2Minutes: number;
  /** Where the built admin lives; served as static files when present. */
  staticDir: string;
  /** How customers reach this server (pay links and QR codes); default the server's own address. */
  publicBaseUrl?: string;
  /** Product name shown to users outside the admin (authenticator issuer). */
  productTitle: string;
  /**
   * Which proxies may tell the client's address (X-Forwarded-For): off by default, so a client
   * cannot fake the IP stored as last-login and audit IP. Fastify's trustProxy: true (any), a hop
   * count, or a comma-separated list of proxy addresses / CIDRs.
   */
  trustProxy: boolean | number | string;
  /** Login and login2 requests per minute per client IP; 0 turns the limit off. */
  loginRateLimit: number;
  /** Views of each public pay page (an account's, an order's) per minute per client IP; 0 turns the limit off. */
  payPageRateLimit: number;
  /** Merchant callbacks: retry delays, timeout, calls in flight (CALLBACK_* variables). */
  callbacks: CallbackConfig;
  /** Where the server may call out (callbacks and any other outgoing call): CALLBACK_ALLOW_PRIVATE opens named internal ranges. */
  outgoing: OutgoingRule;
  /** Background jobs (order timeouts, merchant callbacks); BACKGROUND_JOBS=off stops them (tests that compare table contents). */
  backgroundJobs: boolean;
  /**
   * Realtime socket (/v1.0/ws): origins besides the server's own host whose pages may open it
   * (SOCKET_ORIGINS, comma-separated, e.g. the dev server http://localhost:5173), and how long a link
   * may stay silent before it is closed (SOCKET_IDLE_SECONDS, default 60: three missed acknowledgements).
   */
  socketOrigins: string[];
  socketIdleMs: number;
  /** Most rows one list export writes (EXPORT_MAX_ROWS); exports stream, so this bounds time and file size, not memory. */
  exportMaxRows: number;
  /** METRICS_TOKEN: the bearer token GET /metrics asks for; unset, /metrics answers 404 (docs/operations.md). */
  metricsToken?: string;
  /** WORKERS: server processes on the one port (server/cluster/primary.ts); more than 1 on PostgreSQL only. */
  workers: number;
}

/** A metrics token shorter than this could be guessed. */
const METRICS_TOKEN_MIN = 16;

function trustProxyOf(value: string | undefined): ServerConfig['trustProxy'] {
  const text = (value ?? '').trim();
  if (!text || text === 'false' || text === '0') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  return text;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: env.DATA_DIR ?? './data',
    databaseUrl: env.DATABASE_URL || undefined,
    tokenDays: Number(env.TOKEN_DAYS ?? env.VITE_TOKEN_DAYS ?? 1),
    idleMinutes: Number(env.SESSION_IDLE_MINUTES ?? 120),
    token2Minutes: Number(env.TOKEN2_MINUTES ?? 30),
    staticDir: env.STATIC_DIR ?? './dist',
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    loginRateLimit: Number(env.LOGIN_RATE_LIMIT ?? 120),
    payPageRateLimit: Number(env.PAY_PAGE_RATE_LIMIT ?? 60),
    publicBaseUrl: env.PUBLIC_BASE_URL?.trim().replace(/\/+$/, '') || undefined,
    productTitle: env.PRODUCT_TITLE?.trim() || env.VITE_PRODUCT_TITLE?.trim() || 'Payment Admin',
    callbacks: readCallbackConfig(env),
    outgoing: readOutgoingRule(env),
    backgroundJobs: env.BACKGROUND_JOBS !== 'off',
    socketOrigins: (env.SOCKET_ORIGINS ?? '').split(',').map((o) => o.trim().replace(/\/+$/, '')).filter(Boolean),
    socketIdleMs: Number(env.SOCKET_IDLE_SECONDS ?? 60) * 1000,
    exportMaxRows: Number(env.EXPORT_MAX_ROWS ?? 10_000),
    metricsToken: env.METRICS_TOKEN?.trim() || undefined,
    workers: Number(env.WORKERS || 1),
  };
}

/**
 * What keeps the server from starting, as sentences for the operator. On PostgreSQL the key that
 * encrypts merchant keys and bank passwords must come from SECRETS_KEY: a key file beside the data
 * would differ per machine, and every instance on one database must read the same secrets.
 */
export function configProblems(config: ServerConfig, env: NodeJS.ProcessEnv = process.env): string[] {
  const problems: string[] = [...callbackConfigProblems(env), ...outgoingConfigProblems(env)];
  if (config.databaseUrl && !env.SECRETS_KEY) {
    problems.push(
      'DATABASE_URL is set but SECRETS_KEY is not. Set SECRETS_KEY to 32 random bytes in base64 (e.g. `openssl rand -base64 32`), ' +
        'the same value on every instance that uses this database, and keep it: stored merchant keys cannot be read without it.',
    );
  }
  if (config.metricsToken !== undefined && (config.metricsToken.length < METRICS_TOKEN_MIN || /\s/.test(config.metricsToken))) {
    problems.push(`METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN} characters without spaces (e.g. \`openssl rand -hex 32\`), or unset to keep /metrics closed.`);
  }
  if (!Number.isInteger(config.workers) || config.workers < 1) problems.push('WORKERS must be a whole number of server processes, 1 or more.');
  else if (config.workers > 1 && !config.databaseUrl) {
    problems.push(`WORKERS=${config.workers} needs PostgreSQL (DATABASE_URL): the embedded database admits one process. Unset WORKERS, or set DATABASE_URL.`);
  }
  if (env.SECRETS_KEY && Buffer.from(env.SECRETS_KEY, 'base64').length !== 32) problems.push('SECRETS_KEY must be 32 bytes in base64 (e.g. `openssl rand -base64 32`).');
  for (const [name, value] of Object.entries({ PORT: config.port, TOKEN_DAYS: config.tokenDays, SESSION_IDLE_MINUTES: config.idleMinutes, TOKEN2_MINUTES: config.token2Minutes, LOGIN_RATE_LIMIT: config.loginRateLimit, PAY_PAGE_RATE_LIMIT: config.payPageRateLimit, SOCKET_IDLE_SECONDS: config.socketIdleMs, EXPORT_MAX_ROWS: config.exportMaxRows })) {
    if (!Number.isFinite(value) || value < 0) problems.push(`${name} must be a non-negative number.`);
  }
  return problems;
}
