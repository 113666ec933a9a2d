/**
 * The server side of providers/abilities.ts: builds a caller's ability (with a supplier's agents for
 * its row scope, loaded by the users domain) and decides whether a route's declared access lets the
 * caller in. The permissions API test uses the same `abilityFor` and `allows`, so the walk over
 * every route checks exactly what runs.
 *
 * Row conditions: a route's access only says whether the caller may use the endpoint at all. A list
 * handler narrows its query with `rowScope(ctx.ability, action, subjects)` (null = every row,
 * false = none, {merchantId: [..]} = only those owners). A single-row handler loads the row and then
 * refuses someone else's with `requireRow(ctx, action, subjects, row)`, answered as not-found so an
 * id reveals nothing.
 */
import { SUBJECTS, actionsOf, canRow, defineAbilityFor, placesOf, type Action, type AppAbility, type Subject } from '../../providers/ability-engine.js';
import { declarations } from '../../resources/index.js';
import { fail } from '../errors.js';
import type { Access, RouteSpec, Services, UserRow } from './route.js';

/** Where every declared screen sits (path, menu group): the abilities' menu groups follow it. */
export const PLACES = placesOf(declarations);

/** The caller's ability; who the caller is to the abilities (its team, ...) comes from the domain's Services.abilityUser. */
export async function abilityFor(services: Pick<Services, 'db' | 'abilityUser'>, user: UserRow): Promise<AppAbility> {
  return defineAbilityFor(await services.abilityUser(services.db, user), PLACES);
}

const subjectsOf = (access: Exclude<Access, 'public' | 'authenticated'>): readonly Subject[] =>
  typeof access.subject === 'string' ? [access.subject] : access.subject;

/** May a signed-in caller with this ability use a route? (Public routes need no caller at all.) */
export function allows(ability: AppAbility, access: Access): boolean {
  if (access === 'public' || access === 'authenticated') return true;
  return subjectsOf(access).some((s) => ability.can(access.action, s));
}

/** Refuses to start with a route that declares no access, or names a subject or action abilities.ts does not know. */
export function checkAccessDeclaration(spec: Pick<RouteSpec, 'method' | 'url' | 'access'>): void {
  const where = `route ${spec.method} ${spec.url}`;
  if (!spec.access) throw new Error(`${where} declares no access rule`);
  if (spec.access === 'public' || spec.access === 'authenticated') return;
  const subjects = subjectsOf(spec.access);
  if (!subjects.length) throw new Error(`${where} names no subject`);
  for (const s of subjects) {
    if (!SUBJECTS.includes(s)) throw new Error(`${where}: subject "${s}" is not in providers/abilities.ts`);
    if (!actionsOf(s).includes(spec.access.action as never)) throw new Error(`${where}: action "${spec.access.action}" does not exist on "${s}" in providers/abilities.ts`);
  }
}

/**
 * Single-row guard: someone else's row is "not found" (merchant A asking for merchant B's order).
 * For a row the caller asks to create or become (an account with the role it requests), pass
 * 'forbidden': the row is the caller's own request, so there is nothing to hide.
 */
export function requireRow(
  ability: AppAbility,
  action: Action,
  subject: Subject | readonly Subject[],
  row: Record<string, unknown>,
  refusal: 'notFound' | 'forbidden' = 'notFound',
): void {
  const subjects = typeof subject === 'string' ? [subject] : subject;
  if (!subjects.some((s) => canRow(ability, action, s, row))) fail(refusal);
}
