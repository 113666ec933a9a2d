/**
 * The message of a refused call that has failure words of its own (a row action's `failure`, the
 * test order's "Create order error"): those words, then why, joined as the language joins them. The
 * call was sent silent, so this is the only message. Nothing is said for what is no failure: a
 * second-level prompt the user cancelled, a session that ended (the login page says so), an answer
 * about a session already over.
 */
import type { TFunction } from 'i18next';
import { ApiError, CODE, UNAVAILABLE } from '../../providers/http';

export function refusalText(failure: string, error: unknown, t: TFunction): string | null {
  if (error instanceof ApiError && (error.promptCancelled || error.staleSession || error.code === CODE.tokenInvalid)) return null;
  // An unreachable server or database is told in the interface's words, as the http layer tells it to calls without their own.
  const reason = !(error instanceof ApiError) ? t('errors.network') : error.code === UNAVAILABLE ? t('app.serviceUnavailable') : error.message;
  return t('errors.withReason', { failure: t(failure), reason });
}
