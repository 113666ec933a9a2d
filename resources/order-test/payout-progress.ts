/**
 * How far a test payout has come, as the API-test screen's steps show it: the way a payout goes
 * when all is well (waiting, preparing, paying, completed), with the state it stands in, and an
 * end that is not a payment (revoked, cancelled, a reversal) or a risk-control hold shown as such.
 * Pure data: the screen draws the steps.
 */
import type { PayoutState } from '../payouts/states';

const PAID_PATH: readonly PayoutState[] = ['waiting', 'preparing', 'paying', 'completed'];

/** States after which nothing more happens to a test payout: the screen stops following it. */
export const PAYOUT_SETTLED: readonly PayoutState[] = ['completed', 'revoked', 'cancelled', 'reversalCompleted'];

export interface PayoutProgress {
  /** The steps shown, in order. */
  steps: readonly PayoutState[];
  /** The step the payout stands at. */
  current: number;
  /** `error` where the payout stopped short of being paid (or was undone). */
  status: 'process' | 'finish' | 'error';
}

export function payoutProgress(state: PayoutState): PayoutProgress {
  switch (state) {
    case 'completed':
      return { steps: PAID_PATH, current: PAID_PATH.length - 1, status: 'finish' };
    // Held by the risk control: it waits for an operator instead of in the pool.
    case 'held':
      return { steps: ['held', ...PAID_PATH.slice(1)], current: 0, status: 'error' };
    // Only a held payout is cancelled; a revoked one may have left any unpaid state, which the screen does not know.
    case 'cancelled':
      return { steps: ['held', 'cancelled'], current: 1, status: 'error' };
    case 'revoked':
      return { steps: ['waiting', 'revoked'], current: 1, status: 'error' };
    case 'reversalCompleted':
      return { steps: [...PAID_PATH, 'reversalCompleted'], current: PAID_PATH.length, status: 'error' };
    default:
      return { steps: PAID_PATH, current: PAID_PATH.indexOf(state), status: 'process' };
  }
}
