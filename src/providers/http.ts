/**
 * The one HTTP client of the admin. Every call goes to /v1.0 with the `token` and `token2` headers
 * and credentials, and unwraps the `{code, data, msg}` envelope:
 *  - 200 returns data; a call marked `file` answered with a file (not JSON) returns the Response,
 *    read by ./download.ts, while its refusals are met below like any other;
 *  - 1003 clears the token and goes to /login, once however many calls fail together; unless the
 *    call was sent with another token than the one now held, or with none (sent before a logout, a
 *    new login, or between the two): that answer is about a session over already, and a call sent
 *    with no token is refused whatever the session: a read is made again for the new session, if
 *    any; any other call rejects with `staleSession` and changes nothing;
 *  - 1024/1025 close the confirmation waiting on the call, open the second-login window and retry
 *    the call once it succeeds (askSecondLogin): a prompt, never logged as an error; cancelled, the
 *    call rejects with an ApiError whose `promptCancelled` is true;
 *  - any other code is logged, its msg shown, and the call rejects with an ApiError;
 *  - HTTP 503 (the database or the server out of reach) shows a notice in the interface language, then rejects;
 *  - other transport errors reject.
 */
import { API_BASE } from './config';
import { clearTokens, getToken, getToken2 } from './token';
import { closeWaitingConfirmations } from './confirmations';

export const CODE = { ok: 200, tokenInvalid: 1003, secondLevelRequired: 1024, secondLevelExpired: 1025 } as const;

/** HTTP status of "service unavailable": the server answers it when its database is out of reach, a proxy when the server is. */
export const UNAVAILABLE = 503;

/**
 * A refused token (1003) is remembered for the login page, which then says the login expired: a
 * flag in sessionStorage, because the way to /login may pass Refine's own redirects.
 */
const SESSION_EXPIRED_KEY = 'payadmin.sessionExpired';
export const sessionExpired = {
  mark: (): void => sessionStorage.setItem(SESSION_EXPIRED_KEY, '1'),
  isMarked: (): boolean => sessionStorage.getItem(SESSION_EXPIRED_KEY) === '1',
  clear: (): void => sessionStorage.removeItem(SESSION_EXPIRED_KEY),
};

export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly url: string,
    /** A 1003 for a call sent with a token no longer held: it says nothing about the current session. */
    readonly staleSession = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  /** A 1024/1025 whose second-login window the user cancelled: the action was not taken, nothing failed. */
  get promptCancelled(): boolean {
    return this.code === CODE.secondLevelRequired || this.code === CODE.secondLevelExpired;
  }
  /** Refine reads statusCode to decide on logout (onError) and notifications. */
  get statusCode(): number {
    return this.code;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST';
  query?: Record<string, unknown>;
  body?: unknown;
  /** Another base (the order host). */
  base?: string;
  /** Do not show the msg of a failure (the caller shows its own). */
  silent?: boolean;
  /** Sent as the Idempotency-Key header: a repeat of the call with it replays the first answer. */
  idempotencyKey?: string;
  /** The answer may be a file (an export, ./download.ts): the call resolves to the Response; a refusal is the envelope as for any call. */
  file?: boolean;
}

/** A new key for one decision of the user (one confirmation of one action). */
export const newIdempotencyKey = (): string => crypto.randomUUID();

/** Hooks the UI plugs in; tests replace them. */
export const httpHooks = {
  /** Shows a failure msg to the user. */
  showError: (message: string): void => void message,
  /** Sends the user to a path (used for 1003 -> /login). */
  navigate: (path: string): void => {
    if (typeof window !== 'undefined') window.location.assign(path);
  },
  /** Opens the second-login window; resolves true once login2 succeeded, false if cancelled. */
  secondLogin: async (_code: number): Promise<boolean> => false,
  /** Current interface language, sent so server messages come back in it. */
  language: (): string => 'zh-CN',
  /** One of the admin's own texts in that language (i18next in the app; the login page has its page's texts). */
  text: (key: string): string => key,
  /** Records a failed call in the error log. */
  logError: (entry: { type: string; message: string; url: string }): void => void entry,
};

let redirecting = false;
let secondLoginPending: Promise<boolean> | null = null;

const isSecondLevelCode = (code: number): boolean => code === CODE.secondLevelRequired || code === CODE.secondLevelExpired;

/**
 * The one way a 1024/1025 answer is met, by every call that gets one: the confirmations waiting on
 * calls close first (./confirmations.ts: antd draws them above the window), then the window asks.
 * Calls that ask together share one window. Resolves true once the second login succeeded.
 */
function askSecondLogin(code: number): Promise<boolean> {
  closeWaitingConfirmations();
  secondLoginPending ??= httpHooks.secondLogin(code).finally(() => (secondLoginPending = null));
  return secondLoginPending;
}

/** Serializes a query; null/undefined/'' are left out (they mean "no filter"). */
function toSearch(query: Record<string, unknown> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value)) value.forEach((v) => params.append(key, String(v)));
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

interface Envelope {
  code: number;
  data: unknown;
  msg: string;
}

/** A call without a method is a read, unless it has a body. */
const methodOf = (options: RequestOptions): 'GET' | 'POST' => options.method ?? (options.body === undefined ? 'GET' : 'POST');

async function send(path: string, options: RequestOptions): Promise<{ envelope: Envelope; sentToken: string }> {
  const method = methodOf(options);
  const url = `${options.base ?? API_BASE}${path}${toSearch(options.query)}`;
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  const sentToken = getToken();
  const headers: Record<string, string> = { token: sentToken, token2: getToken2(), lang: httpHooks.language() };
  if (method === 'POST' && !isForm) headers['content-type'] = 'application/json';
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  const response = await fetch(url, {
    method,
    headers,
    credentials: 'include',
    body: method === 'POST' ? (isForm ? (options.body as FormData) : JSON.stringify(options.body ?? {})) : undefined,
  });
  if (options.file && response.ok && !response.headers.get('content-type')?.includes('json')) return { envelope: { code: CODE.ok, data: response, msg: '' }, sentToken };
  const text = await response.text();
  let envelope: Envelope | undefined;
  try {
    envelope = JSON.parse(text);
  } catch {
    envelope = undefined;
  }
  if (!response.ok || !envelope || typeof envelope.code !== 'number') {
    throw new ApiError(response.status || 0, envelope?.msg || `HTTP ${response.status}`, url);
  }
  return { envelope, sentToken };
}

export async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  let envelope: Envelope;
  let sentToken: string;
  try {
    ({ envelope, sentToken } = await send(path, options));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    httpHooks.logError({ type: 'request', message, url: path });
    // The same notice whoever said 503 (the server's envelope or a proxy's page): it is the app's own text, loaded with the login page.
    if (error instanceof ApiError && error.code === UNAVAILABLE && !options.silent) httpHooks.showError(httpHooks.text('app.serviceUnavailable'));
    throw error;
  }
  const { code, data, msg } = envelope;
  if (code === CODE.ok) {
    return data as T;
  }
  if (code === CODE.tokenInvalid) {
    // A call sent with no token (after a logout, before the next login) says nothing of a session:
    // answered after that login, it must not end the new one.
    if (!sentToken || sentToken !== getToken()) {
      // A read is simply made again for the new session, if there is one (after a logout there is none to tell).
      if (getToken() && methodOf(options) === 'GET') return request<T>(path, options);
      throw new ApiError(code, msg, path, true);
    }
    clearTokens();
    sessionExpired.mark();
    if (!redirecting) {
      redirecting = true;
      httpHooks.navigate('/login');
      setTimeout(() => (redirecting = false), 1000);
    }
    throw new ApiError(code, msg, path);
  }
  if (isSecondLevelCode(code)) {
    if (await askSecondLogin(code)) return request<T>(path, options);
    throw new ApiError(code, msg, path);
  }
  console.warn(`[api] ${path} answered ${code}: ${msg}`);
  // A refused call is a failed request too (1003 and 1024/1025 above are part of normal sign-in flow).
  httpHooks.logError({ type: 'request', message: `[${code}] ${msg}`, url: path });
  if (!options.silent) httpHooks.showError(msg);
  throw new ApiError(code, msg, path);
}

export const get = <T = unknown>(path: string, query?: Record<string, unknown>, options: RequestOptions = {}) =>
  request<T>(path, { ...options, method: 'GET', query });

export const post = <T = unknown>(path: string, body?: unknown, options: RequestOptions = {}) =>
  request<T>(path, { ...options, method: 'POST', body: body ?? {} });
