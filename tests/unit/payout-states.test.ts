/** The payout transition table: every state can be reached, money and order status are defined for each, and the row actions start where the table says. */
import { describe, expect, it } from 'vitest';
import { allows } from '../../resources/orders/statuses';
import { MONEY_OF, ORDER_STATUS_OF, PAYOUT_REPAIR_TARGET_IDS, PAYOUT_STATES, PAYOUT_TRANSITIONS, payoutStartsFrom, type PayoutState } from '../../resources/payouts/states';

describe('payout states', () => {
  it('reaches every state from the pool or a risk hold, without repairs', () => {
    const seen = new Set<PayoutState>(['waiting', 'held']);
    for (let grew = true; grew; ) {
      grew = false;
      for (const t of PAYOUT_TRANSITIONS.filter((e) => e.action !== 'repair' && e.from.some((s) => seen.has(s)))) {
        for (const to of t.to.filter((s) => !seen.has(s))) {
          seen.add(to);
          grew = true;
        }
      }
    }
    expect([...seen].sort()).toEqual(PAYOUT_STATES.map((s) => s.code).sort());
  });

  it('pays only from paying, and undoes only a completed payout', () => {
    const intoCompleted = PAYOUT_TRANSITIONS.filter((t) => t.to.includes('completed') && t.action !== 'repair');
    expect(intoCompleted.flatMap((t) => t.from)).toEqual(['paying', 'paying']);
    expect(allows(PAYOUT_TRANSITIONS, 'reverse', 'completed', 'reversalCompleted')).toBe(true);
    expect(allows(PAYOUT_TRANSITIONS, 'reverse', 'paying', 'reversalCompleted')).toBe(false);
    expect(allows(PAYOUT_TRANSITIONS, 'confirm', 'completed', 'completed')).toBe(false);
  });

  it('gives each state its money and order status', () => {
    for (const { code } of PAYOUT_STATES) {
      expect(MONEY_OF[code]).toBeDefined();
      expect(ORDER_STATUS_OF[code]).toBeDefined();
    }
    expect(PAYOUT_STATES.filter((s) => MONEY_OF[s.code] === 'paid').map((s) => s.code)).toEqual(['completed']);
  });

  it('starts the row actions where the table allows', () => {
    expect(payoutStartsFrom('claim')).toEqual([1]);
    expect(payoutStartsFrom('cancel')).toEqual([8]);
    expect(payoutStartsFrom('reject')).toEqual([1, 2, 3, 8]);
    expect(PAYOUT_REPAIR_TARGET_IDS).toEqual([1, 4, 5]);
  });
});
