/**
 * The per-action Google-code switches (setting GoogleVerify<X> for each X below). A route of such an
 * action names its switch in the declaration, as it names its access:
 *
 *     route({ method: 'POST', url: '/balance/adjust', access: {...}, googleCode: 'BalanceOperation', ... })
 *
 * and the registry checks the request's `googleCode` field (body, or query for a GET) before the
 * handler runs, in the handler's transaction. What the check means (the switch, the caller's
 * authenticator, replay and the account lock) belongs to the domains, which hand it in as
 * Services.checkActionCode; this file only reads the field and calls it.
 */
import { z } from 'zod';
import { validationError } from './validation.js';
import type { Language } from '../../providers/languages.js';
import type { RouteContext, RouteSpec } from './route.js';

const GOOGLE_GUARDED = ['IpWhitelist', 'IpRule', 'BalanceOperation', 'ManualSupplement', 'BatchOperations'] as const;
export type GoogleGuarded = (typeof GOOGLE_GUARDED)[number];

/** What the domain check sees of the request: the caller, the request's database, and refusal bookkeeping. */
type GoogleCodeContext = Pick<RouteContext<unknown, unknown>, 'db' | 'user' | 'afterRefusal'>;

/**
 * With the switch of `action` on: refuses unless the caller has a bound, confirmed authenticator
 * and `code` is a fresh code of it (empty code -> googleCodeEmpty, wrong or replayed -> googleCodeFailed,
 * counted toward the account lock). With the switch off it does nothing.
 */
export type ActionCodeCheck = (ctx: GoogleCodeContext, action: GoogleGuarded, code: string) => Promise<void>;

/** The field as sent: absent, null and blank all mean "no code". */
const codeField = z.object({ googleCode: z.string().trim().max(12).nullish() });

/** Refuses to start with a switch nobody can pass: an unknown name, or a public route (no caller to check). */
export function checkGoogleCodeDeclaration(spec: Pick<RouteSpec, 'method' | 'url' | 'access' | 'googleCode'>): void {
  if (spec.googleCode === undefined) return;
  const where = `route ${spec.method} ${spec.url}`;
  if (!GOOGLE_GUARDED.includes(spec.googleCode)) throw new Error(`${where}: unknown Google-code switch "${spec.googleCode}"`);
  if (spec.access === 'public') throw new Error(`${where}: a public route cannot require a Google code`);
}

/** Runs the route's Google-code check, if it declares one. */
export async function enforceGoogleCode(spec: RouteSpec, ctx: RouteContext<unknown, unknown>): Promise<void> {
  if (!spec.googleCode) return;
  await ctx.services.checkActionCode(ctx, spec.googleCode, googleCodeOf(ctx.request.method === 'GET' ? ctx.request.query : ctx.request.body, ctx.lang));
}

/** The request's code, read from what was sent: a route's own schema may leave the field out. */
function googleCodeOf(input: unknown, lang: Language): string {
  const raw = input && typeof input === 'object' && !Array.isArray(input) ? { googleCode: (input as Record<string, unknown>).googleCode } : {};
  const result = codeField.safeParse(raw, { reportInput: true });
  if (!result.success) throw validationError(result.error, lang);
  return result.data.googleCode ?? '';
}
