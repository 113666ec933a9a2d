/**
 * One POST of a notification to a merchant's notify URL through the outgoing address rule
 * (../../outgoing/): JSON body, a timeout that covers the whole exchange (body included),
 * redirects not followed, at most RESPONSE_CAP bytes of the answer read. Never throws: every
 * outcome (an answer, a refusal, a timeout) is a result to record, except a stop of the server,
 * which records nothing.
 */
import type { Response } from 'undici';
import { checkedAddresses, guardedFetch, refusalIn, type OutgoingRule } from '../../outgoing/guarded-fetch.js';
import { deadline } from '../../outgoing/deadline.js';

/** Bytes of a response body kept; the rest is not even read. */
const RESPONSE_CAP = 2048;

export interface HttpResult {
  /** HTTP status, or null when no answer came (refused, unreachable, timed out before headers). */
  status: number | null;
  /** The response body (capped), or what went wrong. */
  body: string;
  durationMs: number;
  success: boolean;
  /** The address rule stopped the call (or the redirect it answered points inside): no retry can help. */
  refused?: boolean;
}

/**
 * The merchant took the notification: HTTP 2xx and a body of `success` or `ok` (any case, blanks
 * around ignored). Anything else, a 2xx with another body included, is retried.
 */
function isAcknowledged(status: number | null, body: string): boolean {
  return status !== null && status >= 200 && status < 300 && ['success', 'ok'].includes(body.trim().toLowerCase());
}

/** Only these schemes are called: a notify URL is the merchant's web endpoint, never a file or another protocol. */
export function callableUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && !parsed.username && !parsed.password;
  } catch {
    return false;
  }
}

/** Text PostgreSQL can store: NUL characters (possible in any body) become U+FFFD. */
const storable = (text: string) => text.replaceAll('\u0000', '\uFFFD');

async function readCapped(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size <= RESPONSE_CAP) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
  }
  await reader.cancel().catch(() => undefined);
  const bytes = Buffer.concat(chunks);
  // A cut in the middle of a character decodes as U+FFFD.
  const text = new TextDecoder().decode(bytes.subarray(0, RESPONSE_CAP));
  return storable(bytes.length > RESPONSE_CAP ? `${text}…` : text);
}

function failureText(error: unknown, timeoutMs: number): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') return `timed out after ${timeoutMs} ms`;
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const detail = cause?.message ?? (error instanceof Error ? error.message : String(error));
  return storable(`request failed: ${detail}`).slice(0, RESPONSE_CAP);
}

/**
 * A redirect is never followed, but one that points inside the network is a probe, not a receiver
 * that is down: it is recorded as refused (the same check a connection gets), and not retried.
 */
async function redirectRefusal(rule: OutgoingRule, response: Response, url: string): Promise<string | null> {
  const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null;
  if (!location) return null;
  try {
    const target = new URL(location, url);
    await checkedAddresses(rule, target.hostname);
    return null;
  } catch (error) {
    // A target that does not parse or resolve is only an answer of the merchant's, not followed.
    const refusal = refusalIn(error);
    return refusal ? `refused: the answer redirects to ${location.slice(0, 200)}; ${refusal.message}` : null;
  }
}

/** Posts `payload` as JSON; 'stopped' when `stop` aborted it (the server is shutting down). */
export async function postJson(rule: OutgoingRule, url: string, payload: object, timeoutMs: number, stop: AbortSignal): Promise<HttpResult | 'stopped'> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let status: number | null = null;
  const limit = deadline(timeoutMs, stop);
  try {
    const response = await guardedFetch(rule, url, {
      method: 'POST',
      // A connection per call: a kept-alive socket the merchant's server has meanwhile closed would
      // fail a call that never reached it (ECONNRESET).
      headers: { 'content-type': 'application/json; charset=utf-8', accept: 'text/plain, application/json, */*', connection: 'close' },
      body: JSON.stringify(payload),
      // A redirect is an answer, not an instruction: following it could lead the call anywhere.
      redirect: 'manual',
      signal: limit.signal,
    });
    status = response.status;
    const body = await readCapped(response);
    const refused = await redirectRefusal(rule, response, url);
    if (refused) return { status, body: storable(refused), durationMs: elapsed(), success: false, refused: true };
    return { status, body, durationMs: elapsed(), success: isAcknowledged(status, body) };
  } catch (error) {
    if (stop.aborted) return 'stopped';
    const refusal = refusalIn(error);
    if (refusal) return { status, body: storable(`refused: ${refusal.message}`), durationMs: elapsed(), success: false, refused: true };
    return { status, body: failureText(error, timeoutMs), durationMs: elapsed(), success: false };
  } finally {
    limit.clear();
  }
}
