/**
 * Whether an error means the database cannot be reached (network cut, server down or restarting,
 * connection slots full), as opposed to a refusal of the query itself. Such a request is answered
 * 503 databaseUnavailable, not a 500: nothing is wrong with the request, it may be retried, and the
 * pool reconnects by itself once the database answers again.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** SQLSTATE class 08 (connection exception), shutdown and startup (57P01-57P03), too many connections. */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/;
/** node-postgres says these in words only. */
const UNAVAILABLE_TEXT = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection refused|not queryable/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && typeof e === 'object' && depth < 5; e = e.cause as typeof e, depth++) {
    // An outbound call's failure (fetch's TypeError wrapping ECONNREFUSED...) is not the database's.
    if ((e as unknown) instanceof TypeError && e.message === 'fetch failed') return false;
    if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || UNAVAILABLE_STATES.test(e.code))) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_TEXT.test(e.message)) return true;
  }
  return false;
}
