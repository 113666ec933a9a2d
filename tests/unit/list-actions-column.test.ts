/** A list shows its Actions column only to roles that can take some action on its rows. */
import { describe, expect, it } from 'vitest';
import { defineAbilityFor, placesOf } from '../../providers/ability-engine';
import type { Role } from '../../providers/roles';
import { declarations } from '../../resources/index';
import { payoutPool, payouts } from '../../resources/payouts';
import { listHasRowActions } from '../../src/components/resource/RowActions';

const places = placesOf(declarations);
const ability = (role: Role) => defineAbilityFor({ id: 1, role, agentIds: [] }, places);

describe('the Actions column', () => {
  it('is left out of the payout pool for staff, who only watch it', () => {
    expect(listHasRowActions(ability('admin'), payoutPool, 'payoutPool', payoutPool.routes)).toBe(false);
    expect(listHasRowActions(ability('customerService'), payoutPool, 'payoutPool-customerService', payoutPool.variants![0].routes)).toBe(false);
  });

  it('is shown to a supplier, who claims from the pool, and on lists with a detail screen', () => {
    expect(listHasRowActions(ability('supplier'), payoutPool, 'payoutPool', payoutPool.routes)).toBe(true);
    expect(listHasRowActions(ability('admin'), payouts, 'payouts', payouts.routes)).toBe(true);
  });
});
