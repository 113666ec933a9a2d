/**
 * Applying an approved to-do item: its request is replayed through the very route it was
 * submitted to, as its submitter (the submitter's abilities and row scope, the current rules and
 * data), so an approval checks exactly what a direct change checks: a duplicate created meanwhile,
 * an agent moved to another team, a rule tightened since, each refuses it. The reviewer passes
 * the route's own guards (second-level password, Google code switch): approving a held batch
 * confirmation moves the same money as confirming it.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { todoItems, users } from '../db/schema/index.js';
import { AppError, fail } from '../errors.js';
import { abilityFor, allows } from '../http/access.js';
import { parseInput } from '../http/validation.js';
import { t } from '../i18n.js';
import { checkSecondLevel } from '../http/authenticate.js';
import { decryptSecret } from '../security/secrets.js';
import { markApproved, registeredRoute } from './gate.js';
import type { RouteContext, RouteSpec } from '../http/route.js';

type Ctx = RouteContext<any, any>;
export type TodoRow = typeof todoItems.$inferSelect;

/** The route an item replays: its domain registered it as reviewable (./gate.ts). */
const routeOf = (item: TodoRow): RouteSpec => registeredRoute(item.call) ?? fail('todoItemNotApplied', { reason: item.call });

/** The reviewer meets the guards of the route the item replays, as if making the change itself. */
export async function checkReviewerGuards(ctx: Ctx, item: TodoRow, googleCode: string | null | undefined): Promise<void> {
  const spec = routeOf(item);
  if (spec.secondLevel) checkSecondLevel(ctx.session, ctx.request);
  if (spec.googleCode) await ctx.services.checkActionCode(ctx, spec.googleCode, googleCode ?? '');
}

/** The request as submitted, secrets decrypted; a GET's parameters as the query string carried them. */
function inputOf(item: TodoRow, method: RouteSpec['method']): Record<string, unknown> {
  const input: Record<string, unknown> = { ...item.payload };
  for (const name of item.secretFields) if (typeof input[name] === 'string') input[name] = decryptSecret(input[name] as string);
  return method === 'GET' ? Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])) : input;
}

/**
 * Makes the change as its submitter would have, in the reviewer's transaction, and answers the id
 * of the row it created or changed. A refusal becomes todoItemNotApplied with the route's reason.
 */
export async function applyItem(ctx: Ctx, item: TodoRow): Promise<number | null> {
  const spec = routeOf(item);
  const [submitter] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.id, item.submitterId), isNull(users.deletedAt)))
    .limit(1);
  if (!submitter) return fail('todoSubmitterGone');
  const ability = await abilityFor({ db: ctx.db, abilityUser: ctx.services.abilityUser }, submitter);
  if (!allows(ability, spec.access)) return fail('todoSubmitterGone');
  try {
    const input = parseInput(spec.method === 'GET' ? spec.query : spec.body, inputOf(item, spec.method), ctx.lang, spec.method === 'GET' ? 'query' : 'body');
    const replay: Ctx = { ...ctx, user: submitter, ability, body: input, query: input };
    markApproved(replay);
    const result = (await spec.handler(replay)) as { id?: unknown } | null;
    const target = result?.id ?? (input as { id?: unknown }).id;
    return typeof target === 'number' ? target : null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return fail('todoItemNotApplied', { reason: error.detail ?? t(`errors.${error.name}`, ctx.lang, error.params) });
  }
}
