/** A new channel is one declaration: the permissions file grants its screens from the channel list. */
import { describe, expect, it, vi } from 'vitest';
import type { ChannelSpec } from '../../resources/receiving-accounts/channel';

const brazilPix: ChannelSpec = {
  kind: 'brazilPix',
  group: 'group.receivingAccounts',
  icon: 'creditCard',
  basePath: '/brazilPix',
  products: [1034],
  fields: { accountName: 'required', cardNumber: 'required', minAmount: 'required' },
};

vi.mock('../../resources/receiving-accounts/channel-list', async (original) => {
  const actual = await original<typeof import('../../resources/receiving-accounts/channel-list')>();
  return { CHANNEL_SPECS: [...actual.CHANNEL_SPECS, brazilPix] };
});

const { SCREENS } = await import('../../providers/abilities');
const { defineAbilityFor, placesOf, rowScope } = await import('../../providers/ability-engine');
const { CHANNELS } = await import('../../resources/receiving-accounts/kind');
const { declarations } = await import('../../resources/index');
const places = placesOf(declarations);

describe('a channel declared only in the channel list', () => {
  it('gets its three screens with the platform paths and its group', () => {
    const lines = SCREENS.filter((s) => s.subject.startsWith('brazilPix')).map((s) => s.subject);
    expect(lines.map((subject) => [subject, places.get(subject)?.path])).toEqual([
      ['brazilPix', '/brazilPix/list'],
      ['brazilPix-admin', '/brazilPix/list-admin'],
      ['brazilPix-customerService', '/brazilPix/list-admin/customerService'],
    ]);
    expect(places.get('brazilPix-admin')?.group).toBe('group.receivingAccounts');
    expect(defineAbilityFor({ id: 1, role: 'admin' }, places).can('list', 'group.receivingAccounts')).toBe(true);
    // The server registers its routes from the same list and checks them against these subjects.
    expect(CHANNELS.find((c) => c.kind === 'brazilPix')?.subjects).toEqual(['brazilPix', 'brazilPix-admin', 'brazilPix-customerService']);
  });

  it('is granted like every channel: suppliers their own rows, admins all, customer service reads', () => {
    const supplier = defineAbilityFor({ id: 5, role: 'supplier', agentIds: [6] }, places);
    expect(supplier.can('create', 'brazilPix')).toBe(true);
    expect(rowScope(supplier, 'list', 'brazilPix')).toEqual({ supplierId: [5, 6] });
    expect(supplier.can('list', 'brazilPix-admin')).toBe(false);
    const admin = defineAbilityFor({ id: 1, role: 'admin' }, places);
    expect(['list', 'create', 'edit', 'delete', 'restore', 'enableResource'].every((a) => admin.can(a as 'list', 'brazilPix-admin'))).toBe(true);
    const cs = defineAbilityFor({ id: 2, role: 'customerService' }, places);
    expect(cs.can('show', 'brazilPix-customerService')).toBe(true);
    expect(cs.can('edit', 'brazilPix-customerService')).toBe(false);
  });

  it('keeps an admin-only channel (Kenya) without a supplier screen', () => {
    expect(SCREENS.filter((s) => s.subject.startsWith('kenya')).map((s) => s.subject)).toEqual(['kenya-admin', 'kenya-customerService']);
  });
});
