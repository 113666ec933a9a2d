import { describe, expect, it } from 'vitest';
import { ACTIONS, SCREENS } from '../../providers/abilities';
import { GROUP_SUBJECTS, SUBJECTS, canRow, defineAbilityFor, placesOf, refusalReason, rowScope, variantsOf } from '../../providers/ability-engine';
import { ROLES, type Role } from '../../providers/roles';
import { groups } from '../../resources/groups';
import { declarations } from '../../resources/index';

/** Where the declarations put each screen. */
const places = placesOf(declarations);
const of = (role: Role, extra: { id?: number; agentIds?: number[] } = {}) => defineAbilityFor({ id: extra.id ?? 1, role, agentIds: extra.agentIds }, places);

describe('abilities: the table', () => {
  it('names every subject once and only known actions', () => {
    expect(new Set(SUBJECTS).size).toBe(SUBJECTS.length);
    for (const rule of SCREENS) {
      for (const action of rule.actions) expect(ACTIONS, `${rule.subject}:${action}`).toContain(action);
      for (const [role, grant] of Object.entries(rule.grants)) {
        expect(ROLES, rule.subject).toContain(role);
        if (grant !== 'all') for (const action of grant) expect(rule.actions, `${rule.subject}:${role}:${action}`).toContain(action);
      }
      for (const row of rule.rows ?? []) for (const action of row.actions ?? []) expect(rule.actions, `${rule.subject} row condition:${action}`).toContain(action);
    }
  });

  it('names no action that no line uses', () => {
    const used = new Set(SCREENS.flatMap((s) => s.actions));
    expect(ACTIONS.filter((a) => !used.has(a))).toEqual([]);
  });

  it('builds for every role, agents included (no two conditions on one field)', () => {
    for (const role of ROLES) expect(() => defineAbilityFor({ id: 1, role, agentIds: [2], parentId: role === 'supplier' ? 3 : null }, places)).not.toThrow();
  });

  it('has every menu group of resources/groups.ts, each holding a declared screen', () => {
    expect(GROUP_SUBJECTS).toEqual(groups.map((g) => g.name));
    const used = new Set([...places.values()].map((p) => p.group));
    for (const g of groups) expect(used.has(g.name) || groups.some((child) => child.parent === g.name && used.has(child.name)), g.name).toBe(true);
  });

  it('finds role variants, and where the declarations put each screen', () => {
    expect(variantsOf('merchants')).toEqual(['merchants', 'merchants-customerService']);
    expect(variantsOf('profile')).toEqual(['profile', 'profile-customerService']);
    // A variant sits in its declaration's group unless it names its own.
    expect(places.get('suppliers-customerService')).toEqual({ path: '/supplier/list/customerService', group: 'group.suppliers' });
    expect(places.get('payScripts-techSupport')?.group).toBe('group.dynamicPay');
    expect(places.get('systemConfig')?.group).toBe('group.system');
    // An API area has no screen.
    expect(places.get('dashboard')).toBeUndefined();
    expect(() => placesOf([...declarations, declarations[0]])).toThrow(/declared twice/);
  });
});

describe('abilities: roles', () => {
  it('gives every signed-in role home, messages and the error log, and nothing to nobody', () => {
    for (const role of ROLES) {
      const ability = of(role);
      for (const s of ['home', 'messages', 'errorLogs']) expect(ability.can('list', s), `${role}:${s}`).toBe(true);
    }
    const none = defineAbilityFor(null);
    for (const s of SUBJECTS) expect(none.can('list', s)).toBe(false);
  });

  it('keeps global config edits and online users to superAdmin', () => {
    for (const role of ROLES) {
      const ability = of(role);
      const superAdmin = role === 'superAdmin';
      expect(ability.can('edit', 'systemConfig'), role).toBe(superAdmin);
      expect(ability.can('forceLogout', 'onlineUsers'), role).toBe(superAdmin);
    }
    expect(of('admin').can('list', 'systemMaintenance')).toBe(true);
    expect(of('technicalMaintenance').can('list', 'systemConfig-readonly')).toBe(true);
    expect(of('customerService').can('list', 'systemConfig-readonly')).toBe(false);
  });

  it('gives admin account management, and nobody else', () => {
    const admin = of('admin');
    for (const action of ['list', 'show', 'create', 'edit', 'delete', 'restore', 'resetPayPassword', 'changeRole'] as const) expect(admin.can(action, 'users')).toBe(true);
    for (const role of ['supplier', 'merchant', 'customerService', 'technicalMaintenance', 'technicalSupport'] as const) expect(of(role).can('list', 'users'), role).toBe(false);
  });

  it('answers who may reset a pay password', () => {
    const who = (subject: string) => ROLES.filter((r) => of(r).can('resetPayPassword', subject));
    expect(who('users')).toEqual(['superAdmin', 'admin']);
    expect(who('merchants')).toEqual(['superAdmin', 'admin']);
    expect(who('suppliers')).toEqual(['superAdmin', 'admin']);
    expect(who('supplierProxy')).toEqual(['supplier']);
  });

  it('keeps clearing a merchant balance to superAdmin; customer service and maintenance read the variants', () => {
    expect(of('superAdmin').can('clearBalance', 'merchants')).toBe(true);
    expect(of('admin').can('clearBalance', 'merchants')).toBe(false);
    for (const role of ['customerService', 'technicalMaintenance'] as const) {
      expect(of(role).can('show', 'merchants-customerService'), role).toBe(true);
      expect(of(role).can('list', 'merchants'), role).toBe(false);
    }
    const ts = of('technicalSupport');
    expect(ts.can('list', 'suppliers')).toBe(true);
    expect(ts.can('edit', 'suppliers')).toBe(false);
  });

  it('lists a group exactly when the role lists one of its screens, nested groups included', () => {
    // A screen belongs to its group and to every group above it (System management > Dynamic pay).
    const within = (group: string, g: string | undefined): boolean => g === group || (!!g && within(group, groups.find((x) => x.name === g)?.parent));
    for (const role of ROLES) {
      const ability = of(role);
      for (const group of GROUP_SUBJECTS) {
        const children = SCREENS.filter((s) => within(group, places.get(s.subject)?.group));
        expect(ability.can('list', group), `${role}:${group}`).toBe(children.some((c) => ability.can('list', c.subject)));
      }
    }
    expect(of('merchant').can('list', 'group.merchants')).toBe(false);
    expect(of('technicalSupport').can('list', 'group.techSystem')).toBe(true);
    expect(of('admin').can('list', 'group.techSystem')).toBe(false);
    expect(of('merchant').can('list', 'group.profile')).toBe(true);
  });
});

describe('abilities: rows', () => {
  it('lets a supplier see its own and its agents’ rows only', () => {
    const supplier = of('supplier', { id: 3, agentIds: [8, 9] });
    expect(rowScope(supplier, 'list', 'internationalCardToCard')).toEqual({ supplierId: [3, 8, 9] });
    expect(canRow(supplier, 'show', 'internationalCardToCard', { supplierId: 9 })).toBe(true);
    expect(canRow(supplier, 'show', 'internationalCardToCard', { supplierId: 4 })).toBe(false);
    expect(rowScope(supplier, 'list', variantsOf('internationalCardToCard'))).toEqual({ supplierId: [3, 8, 9] });
    expect(rowScope(supplier, 'list', 'supplierProxy')).toEqual({ parentId: [3, 8, 9] });
    expect(rowScope(supplier, 'list', 'userOptions')).toEqual({ id: [3, 8, 9] });
    expect(rowScope(supplier, 'list', 'internationalCardToCard-admin')).toBe(false);
  });

  it('puts no row restriction on staff', () => {
    expect(rowScope(of('admin'), 'list', 'internationalCardToCard-admin')).toBeNull();
    expect(rowScope(of('customerService'), 'list', variantsOf('merchants'))).toBeNull();
    expect(rowScope(of('superAdmin'), 'list', 'users')).toBeNull();
  });

  it('keeps messages to their recipient', () => {
    const ability = of('admin', { id: 2 });
    expect(canRow(ability, 'delete', 'messages', { userId: 2 })).toBe(true);
    expect(canRow(ability, 'delete', 'messages', { userId: 3 })).toBe(false);
  });

  it('shows superAdmin every error record and everyone else their own', () => {
    expect(rowScope(of('superAdmin', { id: 1 }), 'list', 'errorLogs')).toBeNull();
    for (const role of ROLES.filter((r) => r !== 'superAdmin')) {
      const ability = of(role, { id: 4 });
      expect(rowScope(ability, 'list', 'errorLogs'), role).toEqual({ userId: [4] });
      expect(canRow(ability, 'show', 'errorLogs', { userId: 5 }), role).toBe(false);
    }
  });

  it('never lets an admin act on a superAdmin account or hand out that role', () => {
    const admin = of('admin', { id: 2 });
    const superAccount = { id: 1, role: 'superAdmin' };
    for (const action of ['create', 'edit', 'delete', 'restore', 'resetPayPassword', 'bind', 'unbind', 'changeRole'] as const) {
      expect(canRow(admin, action, 'users', superAccount), action).toBe(false);
      expect(canRow(admin, action, 'users', { id: 5, role: 'merchant' }), action).toBe(true);
    }
    // Admin still lists and views every account; the list needs no row filter.
    expect(canRow(admin, 'show', 'users', superAccount)).toBe(true);
    expect(rowScope(admin, 'list', 'users')).toBeNull();
    // The subject-level check (the route's access) still lets admin in; the handler checks the row.
    expect(admin.can('edit', 'users')).toBe(true);
    expect(canRow(of('superAdmin'), 'edit', 'users', superAccount)).toBe(true);
  });

  it('lets nobody change their own role or delete their own account', () => {
    for (const role of ['superAdmin', 'admin'] as const) {
      const ability = of(role, { id: 2 });
      const self = { id: 2, role };
      expect(canRow(ability, 'changeRole', 'users', self), role).toBe(false);
      expect(canRow(ability, 'changeRole', 'users', { ...self, role: 'merchant' }), role).toBe(false);
      expect(canRow(ability, 'delete', 'users', self), role).toBe(false);
      // Before loading the row, the id alone settles "own account".
      expect(canRow(ability, 'delete', 'users', { id: 2 }), role).toBe(false);
      expect(canRow(ability, 'delete', 'users', { id: 5 }), role).toBe(true);
      // Its own nickname and password it may still edit; another account's role it may change.
      expect(canRow(ability, 'edit', 'users', self), role).toBe(true);
      expect(canRow(ability, 'changeRole', 'users', { id: 5, role: 'merchant' }), role).toBe(true);
      expect(canRow(ability, 'delete', 'users', { id: 5, role: 'merchant' }), role).toBe(true);
    }
    // An admin may not give the superAdmin role, even to another account.
    expect(canRow(of('admin', { id: 2 }), 'changeRole', 'users', { id: 5, role: 'superAdmin' })).toBe(false);
    expect(canRow(of('superAdmin', { id: 1 }), 'changeRole', 'users', { id: 5, role: 'superAdmin' })).toBe(true);
  });

  it('refuses to turn a non-owner row condition into a list filter', () => {
    expect(() => rowScope(of('admin'), 'edit', 'users')).toThrow(/not an owner id list/);
  });
});

describe('agents', () => {
  const supplier = defineAbilityFor({ id: 3, role: 'supplier', agentIds: [8] }, places);
  const agent = defineAbilityFor({ id: 8, role: 'supplier', parentId: 3 }, places);

  it('manage no team of their own: an agent gets no agent-management screen, its supplier does', () => {
    expect(supplier.can('create', 'supplierProxy')).toBe(true);
    expect(agent.can('list', 'supplierProxy')).toBe(false);
    expect(agent.can('create', 'supplierProxy')).toBe(false);
    expect(agent.can('list', 'group.agents')).toBe(false);
    expect(rowScope(agent, 'list', 'supplierProxy')).toBe(false);
    expect(agent.can('list', 'internationalCardToCard')).toBe(true);
  });

  it('are told why: the refusal carries the rule’s reason, other refusals none', () => {
    expect(refusalReason(agent, 'create', 'supplierProxy')).toBe('errors.agentCreatesAgent');
    expect(refusalReason(agent, 'create', ['internationalCardToCard-admin', 'supplierProxy'])).toBe('errors.agentCreatesAgent');
    expect(refusalReason(supplier, 'create', 'supplierProxy')).toBeUndefined();
    expect(refusalReason(of('merchant'), 'create', 'supplierProxy')).toBeUndefined();
    expect(refusalReason(agent, 'list', 'users')).toBeUndefined();
  });
});
