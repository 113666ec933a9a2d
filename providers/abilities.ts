/**
 * THE permissions file. From a user's role it builds the CASL ability that the menu, the route
 * guard, every button and every server route consult. Nothing about who may do what lives elsewhere.
 *
 * Subjects are Refine resource identifiers (screens, including their role variants) plus a few
 * server-side subjects that have no screen of their own. Actions are Refine's (list, show, create,
 * edit, delete) plus the domain actions below.
 */
import { AbilityBuilder, createMongoAbility, type MongoAbility } from '@casl/ability';
import type { Role } from './roles';

export const ACTIONS = ['list', 'show', 'create', 'edit', 'delete', 'restore', 'resetPayPassword', 'forceLogout'] as const;
export type Action = (typeof ACTIONS)[number] | 'manage';
export type Subject = string;
export type AppAbility = MongoAbility<[Action, Subject]>;

export interface AbilityUser {
  id: number;
  role: Role;
}

/** Screens every signed-in user has. */
const COMMON = ['home', 'messages', 'errorLogs'];

export function defineAbilityFor(user: AbilityUser | null | undefined): AppAbility {
  const { can, build } = new AbilityBuilder<AppAbility>(createMongoAbility);
  if (!user) return build();

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
