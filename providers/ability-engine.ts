/**
 * The engine of the permissions table (./abilities.ts): builds a user's CASL ability from the table
 * and answers what the menu, the route guard, buttons and server handlers ask. It decides nothing
 * itself: who may do what is only in the table.
 *
 * A screen or route asks `ability.can(action, subject)`; a list handler narrows its query with
 * `rowScope()`, a single-row handler checks the loaded row with `canRow()`, and a refusal may carry
 * the reason a rule gives (`refusalReason()`).
 *
 * Where each screen sits (its path, its menu group) is not in the table: the declarations say it,
 * and `placesOf()` reads it from them (the server, the report) or from their outlines (the admin,
 * which never loads every declaration). An ability is built from the table and those places.
 */
import { AbilityBuilder, createMongoAbility, subject as tagSubject, type ForcedSubject, type MongoAbility, type MongoQuery } from '@casl/ability';
import type { Role } from './roles';
import { SCREENS, type ACTIONS } from './abilities';
import { groups } from '../resources/groups';

/** An action a table line names. */
export type TableAction = (typeof ACTIONS)[number];
export type Action = TableAction;
export type Subject = string;
/** A subject name, or a row tagged with its subject (CASL's subject()) for row conditions. */
type SubjectOrRow = Subject | (Record<string, unknown> & ForcedSubject<Subject>);
export type AppAbility = MongoAbility<[Action, SubjectOrRow]>;

export interface AbilityUser {
  id: number;
  role: Role;
  /** A supplier's agents (users whose parent is the supplier); their rows are the supplier's too. */
  agentIds?: number[];
  /** Set for an agent: a supplier-role user who belongs to another supplier. */
  parentId?: number | null;
}

/** The actions a role gets on a line: some of them, or 'all' of the line's actions. */
export type Grant = readonly TableAction[] | 'all';

/** Which row field ties a row to its merchant / supplier (defaults merchantId / supplierId). */
interface Owner {
  merchant?: string;
  supplier?: string;
}

/** A row condition of some roles on some actions of a line. */
interface RowCondition {
  roles: readonly Role[];
  /** The actions it limits; default every action of the line. */
  actions?: readonly TableAction[];
  /** A MongoDB-style query on the row, or one built from the caller (`{ userId: caller's id }`). */
  when: MongoQuery | ((user: AbilityUser) => MongoQuery);
  /** How docs/permissions.md describes the rows. */
  note: string;
}

export interface ScreenRule {
  subject: Subject;
  /** Every action that exists on this subject. */
  actions: readonly TableAction[];
  grants: Partial<Record<Role, Grant>>;
  /** Row owner fields of merchant and supplier grants. `false`: grants are not row-scoped. */
  owner?: Owner | false;
  rows?: readonly RowCondition[];
  /** Nothing for agents (supplier-role users with a parent); `because` is the locale key of the refusal. */
  notForAgents?: { because: string };
}

/** Where a declared screen sits: its list route and its menu group (resources/groups.ts). */
export interface ScreenPlace {
  path: string;
  group?: string;
}
/** Every declared screen's place, by subject. */
export type Places = ReadonlyMap<Subject, ScreenPlace>;

/** What placesOf reads of a declaration, which its outline (src/registry/outline.ts) carries too. */
interface Declared {
  name: string;
  parent?: string;
  routes: { list?: string };
  variants?: readonly { name: string; parent?: string; routes: { list?: string } }[];
}

/** The places of declarations (or their outlines): each declaration and its role variants, a variant in its own group or its declaration's. */
export function placesOf(declared: readonly Declared[]): Places {
  const places = new Map<Subject, ScreenPlace>();
  const add = (subject: Subject, place: ScreenPlace) => {
    if (places.has(subject)) throw new Error(`screen "${subject}" is declared twice`);
    places.set(subject, place);
  };
  for (const d of declared) {
    add(d.name, { path: d.routes.list ?? '', group: d.parent });
    for (const v of d.variants ?? []) add(v.name, { path: v.routes.list ?? '', group: v.parent ?? d.parent });
  }
  return places;
}

/** Every subject that names a screen or an API area, then the menu groups. */
const SCREEN_SUBJECTS: Subject[] = SCREENS.map((s) => s.subject);
const PARENT_GROUP = new Map(groups.filter((g) => g.parent).map((g) => [g.name, g.parent as string]));
/** The groups and every group above them (a nested group lists its parent: System management > Dynamic pay). */
const withParents = (names: Iterable<string>): string[] => {
  const out = new Set<string>();
  for (const name of names) for (let g: string | undefined = name; g && !out.has(g); g = PARENT_GROUP.get(g)) out.add(g);
  return [...out];
};
/** The menu groups of these subjects' screens and the groups above them, in the subjects' order (the report's). */
export const menuGroupsOf = (subjects: readonly Subject[], places: Places): Subject[] =>
  withParents(subjects.map((s) => places.get(s)?.group).filter((g): g is string => Boolean(g)));
export const GROUP_SUBJECTS: Subject[] = groups.map((g) => g.name);
export const SUBJECTS: Subject[] = [...SCREEN_SUBJECTS, ...GROUP_SUBJECTS];

const BY_SUBJECT = new Map(SCREENS.map((s) => [s.subject, s]));
export const screenRule = (subject: Subject): ScreenRule | undefined => BY_SUBJECT.get(subject);
/** Every action that exists on a subject (a group has only 'list'). */
export const actionsOf = (subject: Subject): readonly TableAction[] => BY_SUBJECT.get(subject)?.actions ?? (GROUP_SUBJECTS.includes(subject) ? ['list'] : []);

/** A subject and its role variants: `variantsOf('merchants')` = merchants, merchants-customerService. */
export const variantsOf = (entity: string): Subject[] => SCREEN_SUBJECTS.filter((s) => s === entity || s.startsWith(`${entity}-`));

export function grantedActions(rule: ScreenRule, role: Role): readonly TableAction[] {
  const grant = rule.grants[role];
  if (!grant) return [];
  return grant === 'all' ? rule.actions : grant;
}

/** Is a role's grant on this line limited to its own rows (merchant / supplier ownership)? */
export const ownerScoped = (rule: ScreenRule, role: Role): boolean => rule.owner !== false && (role === 'merchant' || role === 'supplier');

/** The ownership condition of a merchant or supplier grant, or undefined for staff. */
function ownerCondition(rule: ScreenRule, user: AbilityUser): MongoQuery | undefined {
  if (!ownerScoped(rule, user.role) || rule.owner === false) return undefined;
  if (user.role === 'merchant') return { [rule.owner?.merchant ?? 'merchantId']: user.id };
  return { [rule.owner?.supplier ?? 'supplierId']: { $in: [user.id, ...(user.agentIds ?? [])] } };
}

/**
 * The row fields a role's grant on a line reads: the owner field of a merchant or supplier grant
 * (`owner`), then the fields of its row conditions (`note`). A list or row check needs each as a
 * column of the entity's table; the entity kit refuses to start without one.
 */
export function rowFieldsOf(rule: ScreenRule, role: Role): { field: string; note?: string }[] {
  if (!grantedActions(rule, role).length) return [];
  const sample: AbilityUser = { id: 0, role, agentIds: [] };
  const fields: { field: string; note?: string }[] = Object.keys(ownerCondition(rule, sample) ?? {}).map((field) => ({ field }));
  for (const row of rule.rows ?? []) {
    if (!row.roles.includes(role)) continue;
    for (const field of Object.keys(typeof row.when === 'function' ? row.when(sample) : row.when)) fields.push({ field, note: row.note });
  }
  return fields;
}

/** Every condition one action of a line carries for this user, as one query (all must hold). */
function conditionOf(rule: ScreenRule, user: AbilityUser, action: TableAction): MongoQuery | undefined {
  const parts = [ownerCondition(rule, user)];
  for (const row of rule.rows ?? []) {
    if (!row.roles.includes(user.role) || (row.actions && !row.actions.includes(action))) continue;
    parts.push(typeof row.when === 'function' ? row.when(user) : row.when);
  }
  const present = parts.filter((p): p is MongoQuery => p !== undefined);
  if (!present.length) return undefined;
  const merged: Record<string, unknown> = {};
  for (const part of present) {
    for (const [field, value] of Object.entries(part)) {
      // Two conditions on one field would silently replace each other: the table must say it once.
      if (field in merged) throw new Error(`${rule.subject}: two row conditions on "${field}" for ${action}`);
      merged[field] = value;
    }
  }
  return merged as MongoQuery;
}

/**
 * The user's ability: the table's grants for its role, and `list` on the menu group of every screen
 * it may list (`places`: where each screen sits, placesOf) and on the groups above. Signed out,
 * it allows nothing, so it needs no places.
 */
export function defineAbilityFor(user: null | undefined): AppAbility;
export function defineAbilityFor(user: AbilityUser | null | undefined, places: Places): AppAbility;
export function defineAbilityFor(user: AbilityUser | null | undefined, places: Places = new Map()): AppAbility {
  const builder = new AbilityBuilder<AppAbility>(createMongoAbility);
  if (!user) return builder.build();
  // Subjects are plain names, so CASL cannot infer row types for conditions: type them loosely here.
  const can = builder.can as unknown as (action: readonly Action[], subject: Subject, conditions?: MongoQuery) => void;
  const cannot = builder.cannot as unknown as (action: readonly Action[], subject: Subject) => { because: (reason: string) => unknown };

  const listedGroups = new Set<string>();
  const isAgent = user.role === 'supplier' && user.parentId != null;
  for (const rule of SCREENS) {
    const actions = grantedActions(rule, user.role);
    if (!actions.length) continue;
    if (isAgent && rule.notForAgents) {
      cannot(actions, rule.subject).because(rule.notForAgents.because);
      continue;
    }
    const group = places.get(rule.subject)?.group;
    if (actions.includes('list') && group) listedGroups.add(group);
    // One CASL rule per distinct condition, so a line with one condition stays one rule.
    const byCondition = new Map<string, { condition: MongoQuery | undefined; actions: Action[] }>();
    for (const action of actions) {
      const condition = conditionOf(rule, user, action);
      const key = JSON.stringify(condition ?? null);
      const entry = byCondition.get(key) ?? { condition, actions: [] };
      entry.actions.push(action);
      byCondition.set(key, entry);
    }
    for (const { condition, actions: same } of byCondition.values()) {
      if (condition) can(same, rule.subject, condition);
      else can(same, rule.subject);
    }
  }
  // A menu group is listed exactly when one of its screens is (or one of its nested groups').
  for (const group of withParents(listedGroups)) can(['list'], group);
  return builder.build();
}

/** Can the user take `action` on this very row? Single-row server calls use it after loading the row. */
export function canRow(ability: AppAbility, action: Action, subject: Subject, row: Record<string, unknown>): boolean {
  return ability.can(action, tagSubject(subject, { ...row }));
}

/**
 * The locale key a rule gives for refusing `action` on every one of the subjects (an agent asking
 * for agent management), or undefined for a plain refusal.
 */
export function refusalReason(ability: AppAbility, action: Action, subject: Subject | readonly Subject[]): string | undefined {
  const subjects = typeof subject === 'string' ? [subject] : subject;
  for (const s of subjects) {
    const rule = ability.relevantRuleFor(action, s);
    if (rule?.inverted && rule.reason) return rule.reason;
  }
  return undefined;
}

/**
 * The row filter a list query must add for `action` on `subject`:
 *  - `null`: every row (no row condition);
 *  - `{ merchantId: [7] }` / `{ supplierId: [3, 8, 9] }`: only rows whose field is one of the ids
 *    (several fields: a row matching any of them);
 *  - `false`: no row at all (the action is not allowed).
 */
export type RowScope = Record<string, number[]> | null | false;

export function rowScope(ability: AppAbility, action: Action, subject: Subject | readonly Subject[]): RowScope {
  const subjects = typeof subject === 'string' ? [subject] : subject;
  const filter: Record<string, number[]> = {};
  let allowed = false;
  for (const s of subjects) {
    for (const rule of ability.rulesFor(action, s)) {
      if (rule.inverted) continue;
      allowed = true;
      const conditions = rule.conditions as Record<string, unknown> | undefined;
      if (!conditions) return null;
      for (const [field, value] of Object.entries(conditions)) {
        const ids = typeof value === 'number' ? [value] : (value as { $in?: unknown }).$in;
        // Only id conditions translate to a list filter; anything else needs its own query.
        if (!Array.isArray(ids)) throw new Error(`rowScope: ${action} on ${s} has a condition on ${field} that is not an owner id list`);
        filter[field] = [...new Set([...(filter[field] ?? []), ...(ids as number[])])];
      }
    }
  }
  return allowed ? filter : false;
}
