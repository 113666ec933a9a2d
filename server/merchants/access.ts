/**
 * Ability checks for routes that serve a screen and its role variants (merchants and
 * merchants-customerService read the same list): the route is open to signed-in users and the
 * handler asks the abilities file whether any of the screens allows the action.
 */
import { variantsOf, type Action, type AppAbility, type Subject } from '../../providers/abilities.js';
import { fail } from '../errors.js';

export function requireAny(ability: AppAbility, action: Action, subjects: readonly Subject[]): void {
  if (!subjects.some((s) => ability.can(action, s))) fail('forbidden');
}

/** The entity's screen and every role variant of it (`merchants`, `merchants-customerService`). */
export const requireOnVariants = (ability: AppAbility, action: Action, entity: string): void => requireAny(ability, action, variantsOf(entity));
