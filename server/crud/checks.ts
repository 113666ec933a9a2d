/**
 * What the entity kit refuses at start-up, naming the entity and the fix, rather than answering
 * 5000 on a first call or writing audit records the log cannot name:
 *  - a grant of the permissions file that reads a row field the entity's table lacks: a merchant's
 *    or supplier's grant is limited to its own rows by merchantId / supplierId unless the line says
 *    otherwise (`owner`), and a row condition reads its fields;
 *  - an audit action of the kit's routes that resources/audit-records/actions.ts does not name.
 */
import { getTableColumns, getTableName } from 'drizzle-orm';
import { rowFieldsOf, screenRule } from '../../providers/ability-engine.js';
import { ROLES } from '../../providers/roles.js';
import { AUDIT_ACTIONS } from '../../resources/audit-records/actions.js';
import type { RouteSpec } from '../http/route.js';
import { readers } from './query.js';
import type { EntityStore } from './store.js';

/** Every row field the grants on the entity's screens read is a column of its table. */
export function checkRowFields(store: EntityStore): void {
  const entity = store.declaration.name;
  const table = getTableName(store.table);
  const columns = getTableColumns(store.table);
  for (const subject of readers(store)) {
    // A screen without a line is refused by the route's access check, with its own message.
    const rule = screenRule(subject);
    if (!rule) continue;
    for (const role of ROLES) {
      for (const { field, note } of rowFieldsOf(rule, role)) {
        if (field in columns) continue;
        if (note) throw new Error(`${entity}: the row condition "${note}" of "${subject}" in providers/abilities.ts reads "${field}", which table ${table} has no column for`);
        throw new Error(
          `${entity}: providers/abilities.ts gives ${role} "${subject}" on its own rows only, by their "${field}", and table ${table} has no such column. ` +
            `Add the column, name the field that says whose the row is on the line (owner: { ${role}: '<field>' }), or say the rows are no one's (owner: false).`,
        );
      }
    }
  }
}

/** Every audit action the kit's routes write has its name in the audit log. */
export function checkAuditActions(store: EntityStore, routes: readonly RouteSpec[]): void {
  for (const action of routes.map((r) => r.auditAction)) {
    if (!action || AUDIT_ACTIONS.includes(action)) continue;
    const [area, verb] = [action.slice(0, action.lastIndexOf('.')), action.slice(action.lastIndexOf('.') + 1)];
    throw new Error(
      `${store.declaration.name}: the audit log has no name for "${action}": add "${verb}" to "${area}" in resources/audit-records/actions.ts and its label to locales/<lang>/auditActions.json`,
    );
  }
}
