import { describe, expect, it } from 'vitest';
import { ACTIONS, GROUP_SUBJECTS, SCREENS, SUBJECTS, canRow, defineAbilityFor, groupOf, rowScope, variantsOf } from '../../providers/abilities';
import { ROLES, type Role } from '../../providers/roles';
import { groups } from '../../resources/groups';

const of = (role: Role, extra: { id?: number; agentIds?: number[] } = {}) => defineAbilityFor({ id: extra.id ?? 1, role, agentIds: extra.agentIds });

describe('abilities: the table', () => {
  it('names every subject once and only known actions', () => {
    expect(new Set(SUBJECTS).size).toBe(SUBJECTS.length);
    for (const rule of SCREENS) {
      for (const action of rule.actions) expect(ACTIONS, `${rule.subject}:${action}`).toContain(action);
      for (const [role, grant] of Object.entries(rule.grants)) {
        expect(ROLES, rule.subject).toContain(role);
        if (grant !== 'all') for (const action of grant) expect(rule.actions, `${rule.subject}:${role}:${action}`).toContain(action);
      }
    }
  });

  it('uses exactly the menu groups of resources/groups.ts, each with at least one screen', () => {
    expect(GROUP_SUBJECTS.slice().sort()).toEqual(groups.map((g) => g.name).sort());
  });

  it('covers the screens of spec section 2 with the agreed identifiers', () => {
    for (const subject of [
      'merchants',
      'merchants-customerService',
      'suppliers',
      'suppliers-customerService',
      'supplierProxy',
      'internationalCardToCard',
      'internationalCardToCard-admin',
      'internationalCardToCard-customerService',
      'indiaAutoPayout-admin',
      'razorpayPayProxy-customerService',
      'usdtFloating',
      'usdtPayProxy-admin',
      'kenya-admin',
      'kenya-customerService',
      'orders',
      'orders-customerService',
      'orders-supplier',
      'orders-supplierProxy',
      'orders-merchant',
      'orderProfile',
      'payoutOrders',
      'payoutBatches',
      'users',
      'onlineUsers',
      'systemConfig',
      'systemConfig-readonly',
      'auditRecords',
      'ipRules',
      'nameBlacklist',
      'nameBlacklist-readonly',
      'orderCallback',
      'home',
      'messages',
      'errorLogs',
      'profile',
    ]) {
      expect(SUBJECTS).toContain(subject);
    }
    expect(variantsOf('orders')).toEqual(['orders', 'orders-customerService', 'orders-supplier', 'orders-supplierProxy', 'orders-merchant']);
    expect(groupOf('orders-merchant')).toBe('group.collectionOrders');
  });
});

describe('abilities: roles (spec section 6)', () => {
  it('gives every signed-in role home, messages and the error log, and nothing to nobody', () => {
    for (const role of ROLES) {
      const ability = of(role);
      for (const s of ['home', 'messages', 'errorLogs']) expect(ability.can('list', s), `${role}:${s}`).toBe(true);
    }
    const none = defineAbilityFor(null);
    for (const s of SUBJECTS) expect(none.can('list', s)).toBe(false);
  });

  it('keeps global config, online users and risk control to superAdmin', () => {
    for (const role of ROLES) {
      const ability = of(role);
      const superAdmin = role === 'superAdmin';
      expect(ability.can('edit', 'systemConfig'), role).toBe(superAdmin);
      expect(ability.can('forceLogout', 'onlineUsers'), role).toBe(superAdmin);
      expect(ability.can('list', 'riskBlacklist'), role).toBe(superAdmin);
      expect(ability.can('create', 'payScripts'), role).toBe(superAdmin);
    }
  });

  it('gives admin full account management', () => {
    const admin = of('admin');
    for (const action of ['list', 'show', 'create', 'edit', 'delete', 'restore', 'resetPayPassword'] as const) expect(admin.can(action, 'users')).toBe(true);
    for (const role of ['supplier', 'merchant', 'customerService', 'technicalMaintenance', 'technicalSupport'] as const) expect(of(role).can('list', 'users'), role).toBe(false);
  });

  it('gives customer service and technical maintenance the customer-service variants, maintenance read-only', () => {
    const cs = of('customerService');
    const tm = of('technicalMaintenance');
    expect(cs.can('list', 'orders-customerService')).toBe(true);
    expect(tm.can('list', 'orders-customerService')).toBe(true);
    expect(cs.can('callback', 'orders-customerService')).toBe(true);
    expect(tm.can('callback', 'orders-customerService')).toBe(false);
    expect(cs.can('list', 'orders')).toBe(false);
    expect(tm.can('list', 'systemConfig-readonly')).toBe(true);
    expect(tm.can('edit', 'systemConfig-readonly')).toBe(false);
    expect(tm.can('list', 'nameBlacklist-readonly')).toBe(true);
    expect(tm.can('create', 'nameBlacklist')).toBe(false);
  });

  it('gives technical support the dynamic-pay screens and the supplier list', () => {
    const ts = of('technicalSupport');
    expect(ts.can('list', 'payScripts-technicalSupport')).toBe(true);
    expect(ts.can('list', 'payScriptRecords-technicalSupport')).toBe(true);
    expect(ts.can('list', 'group.system')).toBe(true);
    expect(ts.can('list', 'suppliers')).toBe(true);
    expect(ts.can('edit', 'suppliers')).toBe(false);
  });

  it('lists a group exactly when the role lists one of its screens', () => {
    for (const role of ROLES) {
      const ability = of(role);
      for (const group of GROUP_SUBJECTS) {
        const children = SCREENS.filter((s) => s.group === group);
        expect(ability.can('list', group), `${role}:${group}`).toBe(children.some((c) => ability.can('list', c.subject)));
      }
    }
    expect(of('merchant').can('list', 'group.merchants')).toBe(false);
    expect(of('merchant').can('list', 'group.apiTest')).toBe(true);
  });
});

describe('abilities: rows', () => {
  it('lets a merchant see only its own rows', () => {
    const merchant = of('merchant', { id: 7 });
    expect(merchant.can('list', 'orders-merchant')).toBe(true);
    expect(canRow(merchant, 'show', 'orders-merchant', { merchantId: 7 })).toBe(true);
    expect(canRow(merchant, 'show', 'orders-merchant', { merchantId: 8 })).toBe(false);
    expect(rowScope(merchant, 'list', 'orders-merchant')).toEqual({ merchantId: [7] });
    expect(rowScope(merchant, 'list', variantsOf('orders'))).toEqual({ merchantId: [7] });
    expect(rowScope(merchant, 'list', 'fundRecords')).toEqual({ userId: [7] });
    expect(rowScope(merchant, 'list', 'orders')).toBe(false);
  });

  it('lets a supplier see its own and its agents’ rows, and claim from the pool', () => {
    const supplier = of('supplier', { id: 3, agentIds: [8, 9] });
    expect(rowScope(supplier, 'list', 'orders-supplier')).toEqual({ supplierId: [3, 8, 9] });
    expect(canRow(supplier, 'show', 'orders-supplier', { supplierId: 9 })).toBe(true);
    expect(canRow(supplier, 'show', 'orders-supplier', { supplierId: 4 })).toBe(false);
    expect(canRow(supplier, 'claim', 'payoutOrders-supplier', { supplierId: null })).toBe(true);
    expect(canRow(supplier, 'release', 'payoutOrders-supplier', { supplierId: 4 })).toBe(false);
    expect(rowScope(supplier, 'list', 'supplierProxy')).toEqual({ parentId: [3, 8, 9] });
  });

  it('puts no row restriction on staff', () => {
    expect(rowScope(of('admin'), 'list', 'orders')).toBeNull();
    expect(rowScope(of('customerService'), 'list', variantsOf('orders'))).toBeNull();
    expect(rowScope(of('superAdmin'), 'list', 'users')).toBeNull();
  });

  it('keeps messages to their recipient', () => {
    const ability = of('admin', { id: 2 });
    expect(canRow(ability, 'delete', 'messages', { userId: 2 })).toBe(true);
    expect(canRow(ability, 'delete', 'messages', { userId: 3 })).toBe(false);
  });

  it('never lets an admin act on a superAdmin account or hand out that role', () => {
    const admin = of('admin', { id: 2 });
    const superAccount = { id: 1, role: 'superAdmin' };
    for (const action of ['create', 'edit', 'delete', 'restore', 'resetPayPassword', 'bind', 'unbind'] as const) {
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

  it('refuses to turn a non-owner row condition into a list filter', () => {
    expect(() => rowScope(of('admin'), 'edit', 'users')).toThrow(/not an owner id list/);
  });
});

describe('agents', () => {
  it('manage no team of their own: an agent gets no agent-management screen, its supplier does', () => {
    const supplier = defineAbilityFor({ id: 3, role: 'supplier', agentIds: [8] });
    const agent = defineAbilityFor({ id: 8, role: 'supplier', parentId: 3 });
    expect(supplier.can('create', 'supplierProxy')).toBe(true);
    expect(agent.can('list', 'supplierProxy')).toBe(false);
    expect(agent.can('create', 'supplierProxy')).toBe(false);
    expect(agent.can('list', 'internationalCardToCard')).toBe(true);
  });
});
