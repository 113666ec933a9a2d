/**
 * THE permissions file. From a user's role it builds the CASL ability that the menu, the route
 * guard, every button and every server route consult. Nothing about who may do what lives elsewhere.
 *
 * Subjects are Refine resource identifiers (screens, including their role variants) plus a few
 * server-side subjects that have no screen of their own. Actions are Refine's (list, show, create,
 * edit, delete) plus the domain actions below.
 */
import { AbilityBuilder, createMongoAbility, type ForcedSubject, type MongoAbility, type MongoQuery } from '@casl/ability';
import type { Role } from './roles';

export const ACTIONS = ['list', 'show', 'create', 'edit', 'delete', 'restore', 'resetPayPassword', 'forceLogout'] as const;
export type Action = (typeof ACTIONS)[number] | 'manage';
export type Subject = string;
/** A subject name, or a row tagged with its subject (CASL's subject()) for row conditions. */
export type SubjectOrRow = Subject | (Record<string, unknown> & ForcedSubject<Subject>);
export type AppAbility = MongoAbility<[Action, SubjectOrRow]>;

export interface AbilityUser {
  id: number;
  role: Role;
}

/** Screens every signed-in user has. */
const COMMON = ['home', 'messages', 'errorLogs'];

export function defineAbilityFor(user: AbilityUser | null | undefined): AppAbility {
  const builder = new AbilityBuilder<AppAbility>(createMongoAbility);
  const build = () => builder.build();
  if (!user) return build();
  // Subjects are plain names, so CASL cannot infer row types for conditions: type them loosely here.
  const can = builder.can as (action: Action | Action[], subject: Subject | Subject[], conditions?: MongoQuery) => void;

  can(['list', 'show'], COMMON);
  can('create', 'errorLogs');
  can(['edit', 'delete', 'restore'], 'messages', { userId: user.id });

  switch (user.role) {
    case 'superAdmin':
      can('manage', 'all');
      break;
    case 'admin':
      can(['list', 'show', 'create', 'edit', 'delete', 'restore', 'resetPayPassword'], 'users');
      break;
    case 'customerService':
    case 'technicalMaintenance':
    case 'technicalSupport':
    case 'supplier':
    case 'merchant':
      break;
  }
  return build();
}

/** Every subject that names a screen or an API area; the permissions report walks these. */
export const SUBJECTS: Subject[] = [...COMMON, 'users', 'sessions'];
