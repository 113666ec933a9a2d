/**
 * Holding a change for review. A route calls `holdForReview` once the change passed its checks and
 * before it writes: while the review switch is on (or always, for a change without one: a
 * supplier settling its own claims) and the caller is one whose changes wait (the abilities'
 * `create` on todoItems-initiated), the validated request is stored as a pending to-do item, its
 * secrets encrypted, and the call answers "submission successful awaiting admin review".
 * Approving replays the request through the same route (./apply.ts), which skips the hold.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { todoItems } from '../db/schema/index.js';
import { MessageAnswer } from '../http/answer.js';
import { fail } from '../errors.js';
import { t } from '../i18n.js';
import { encryptSecret } from '../security/secrets.js';
import { getSetting } from '../settings/store.js';
import { SECRET_MASK } from '../../resources/receiving-accounts/rules.js';
import type { TodoKind } from '../../resources/todo-items/index.js';
import type { RouteContext, RouteSpec } from '../http/route.js';

type Ctx = RouteContext<any, any>;

/** Contexts of approved changes being applied: they pass the hold. */
const approved = new WeakSet<object>();
export const markApproved = (ctx: Ctx): void => void approved.add(ctx);
/** Is this the replay of an approved item (what the submitter proved at submission is not asked again)? */
export const isApprovedReplay = (ctx: Ctx): boolean => approved.has(ctx);

/**
 * Routes whose changes may be held, registered by their own domain, so this folder imports none of
 * them (the money domains stay out of its import loop). ./apply.ts finds an item's route here.
 */
const reviewable = new Map<string, RouteSpec>();
export function reviewableRoute<S>(spec: S & Pick<RouteSpec, 'url'>): S {
  reviewable.set(spec.url, spec as unknown as RouteSpec);
  return spec;
}
export const registeredRoute = (call: string): RouteSpec | undefined => reviewable.get(call);

export interface Held {
  /** The review switch; none: always held (what a supplier would otherwise settle in its own favour). */
  setting?: 'ReviewSupplierAccounts' | 'ReviewAgentChanges';
  kind: TodoKind;
  /** The route path that applies it on approval. */
  call: string;
  /** The validated request. */
  input: Record<string, unknown>;
  /** Its fields kept only encrypted (passwords, online-banking secrets). */
  secretFields: readonly string[];
  /** What lists name the change by (the account holder and card, the agent's account name). */
  subject: string;
  /** The receiving-account channel of an account change. */
  channel?: string;
  /** What the reviewer sees besides the request (the agent an edit is about). */
  context?: Record<string, unknown>;
  /** What the reviewer sees instead of the request, when the request is bulky (a bank result file). */
  shown?: Record<string, unknown>;
  /**
   * Kinds of which one pending item per subject at most: a second one is refused, naming the first.
   * The caller holds the subject's row lock (the order, the batch), so two submissions take turns.
   */
  exclusive?: readonly TodoKind[];
}

/** The answer of a held change, or undefined when the change is to be made now. */
export async function holdForReview(ctx: Ctx, held: Held): Promise<MessageAnswer | undefined> {
  if (approved.has(ctx) || !ctx.ability.can('create', 'todoItems-initiated')) return undefined;
  if (held.setting && !(await getSetting(ctx.db, held.setting)).enable) return undefined;
  if (held.exclusive) {
    const [waiting] = await ctx.db
      .select({ id: todoItems.id })
      .from(todoItems)
      .where(and(eq(todoItems.state, 'pending'), eq(todoItems.subject, held.subject), inArray(todoItems.kind, [...held.exclusive])))
      .limit(1);
    if (waiting) fail('todoItemPending', { id: waiting.id });
  }
  const payload: Record<string, unknown> = { ...held.input };
  const details: Record<string, unknown> = held.shown ? { ...held.shown } : { ...held.context, ...held.input };
  const secretFields: string[] = [];
  for (const name of held.secretFields) {
    const value = payload[name];
    if (typeof value !== 'string' || value === '') continue;
    payload[name] = encryptSecret(value);
    details[name] = SECRET_MASK;
    secretFields.push(name);
  }
  const [row] = await ctx.db.insert(todoItems).values({ kind: held.kind, call: held.call, channel: held.channel ?? null, subject: held.subject, submitterId: ctx.user.id, payload, secretFields, details }).returning();
  // The audit shows what lists show: never the encrypted payload.
  await ctx.audit('todoItem.submit', row.id, null, { kind: row.kind, channel: row.channel, subject: row.subject, details, state: row.state });
  return new MessageAnswer({ todoItemId: row.id, pendingReview: true }, t('todoItems.submitted', ctx.lang));
}
