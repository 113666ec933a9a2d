/**
 * Which e2e tests a run takes, from E2E_SET (scripts/test-all.ts sets it):
 * - `quick` (`npm test`): the flows below, the core journeys, and the every-screen walk of QUICK_WALK;
 * - `rest` (`npm run test:rest`, after `npm test` in CI): every other flow and walk;
 * - `full` (the default, and `npm run test:full`): all of them.
 * Chosen by their measured times so that `npm test` stays under 15 minutes on a 2-core machine.
 */
import type { Role } from '../../providers/roles';
import type { Lang } from './every-screen-checks';

type E2ESet = 'quick' | 'rest' | 'full';

export function e2eSet(): E2ESet {
  const set = process.env.E2E_SET ?? 'full';
  if (set !== 'quick' && set !== 'rest' && set !== 'full') throw new Error(`E2E_SET must be quick, rest or full, not ${set}`);
  return set;
}

/** Flow spec files of the quick run (file names in tests/e2e). */
export const QUICK_FLOWS = [
  'login.spec.ts',
  'shell-tags.spec.ts',
  'orders-list.spec.ts',
  'orders-list-loading.spec.ts',
  'order-journey.spec.ts',
  'payouts.spec.ts',
  'readonly-views.spec.ts',
  'xss.spec.ts',
];

/** The one every-screen walk of the quick run: the role that sees the most, in one language. */
export const QUICK_WALK: { role: Role; lang: Lang } = { role: 'superAdmin', lang: 'en-US' };

/**
 * Flows that move money or take a guarded action (second-level password, Google code, payment
 * password): one that passes only on its retry fails the run (scripts/test-all.ts). A retry there can
 * hide a double posting or a prompt that opens under a dialog, which a person meets the first time.
 */
export const NO_PASS_ON_RETRY = [
  'account-switches.spec.ts',
  'bank-statements.spec.ts',
  'finance.spec.ts',
  'google-code-journeys.spec.ts',
  'guarded-journeys.spec.ts',
  'merchants.spec.ts',
  'order-batch-upload.spec.ts',
  'order-callbacks.spec.ts',
  'order-journey.spec.ts',
  'order-test-payout.spec.ts',
  'payout-batches.spec.ts',
  'payout-repair-time.spec.ts',
  'payouts.spec.ts',
];

/** Whether a test belongs to the current run, given whether it is in the quick set. */
export const inSet = (quick: boolean): boolean => {
  const set = e2eSet();
  return set === 'full' || (set === 'quick') === quick;
};
