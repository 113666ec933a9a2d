/**
 * How the e2e flows are spread over lanes. Each lane is a Playwright project with a server of its
 * own (the flows change settings, so a lane's tests run one at a time, in file order) and the
 * every-screen walks run beside them on a server they share (they change nothing). A browser test
 * mostly waits on the page and the server, so on two cores several lanes finish in a fraction of the
 * time of one.
 *
 * Files are packed into lanes longest first by their measured times (seconds, a 2-core machine);
 * a new file counts as a middling one until it is measured.
 */
import { readdirSync } from 'node:fs';

const MEASURED: Record<string, number> = {
  // npm test's flows
  'orders-list-loading.spec.ts': 95,
  'orders-list.spec.ts': 85,
  'xss.spec.ts': 61,
  'login.spec.ts': 54,
  'shell-tags.spec.ts': 48,
  'readonly-views.spec.ts': 43,
  'payouts.spec.ts': 33,
  'order-journey.spec.ts': 33,
  // the rest's flows
  'merchants.spec.ts': 122,
  'realtime.spec.ts': 120,
  'guarded-journeys.spec.ts': 88,
  'google-code-journeys.spec.ts': 85,
  'sessions.spec.ts': 75,
  'list-settings.spec.ts': 69,
  'order-detail.spec.ts': 66,
  'payout-batches.spec.ts': 64,
  'system-config.spec.ts': 51,
  'system-entities.spec.ts': 49,
  'pay-scripts.spec.ts': 43,
  'account-switches.spec.ts': 41,
  'shell.spec.ts': 40,
  'receiving-accounts.spec.ts': 38,
  'order-analysis.spec.ts': 34,
  'order-batch-upload.spec.ts': 34,
  'operator-ux.spec.ts': 33,
  'statistics.spec.ts': 33,
  'order-test-payout.spec.ts': 31,
  'ip-rules.spec.ts': 28,
  'audit-log.spec.ts': 24,
  'form-mistakes.spec.ts': 24,
  'finance.spec.ts': 23,
  'payout-repair-time.spec.ts': 22,
  'todo-review.spec.ts': 20,
  'users.spec.ts': 20,
  'order-pages.spec.ts': 17,
  'risk-control.spec.ts': 16,
  'order-callbacks.spec.ts': 15,
  'order-clear-history.spec.ts': 15,
  'monitor-log.spec.ts': 12,
  'bank-statements.spec.ts': 11,
  'big-page.spec.ts': 8,
};
const UNMEASURED = 30;

/** The flow spec files of tests/e2e (every spec but the walks). */
export function flowFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.spec.ts') && f !== 'every-screen.spec.ts')
    .sort();
}

/** `files` in `count` lanes of about equal time: each file, longest first, goes to the lane with the least so far. */
export function packLanes(files: string[], count: number): string[][] {
  const lanes = Array.from({ length: Math.max(1, count) }, () => ({ files: [] as string[], seconds: 0 }));
  const weight = (f: string) => MEASURED[f] ?? UNMEASURED;
  for (const file of [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const lane = lanes.reduce((least, l) => (l.seconds < least.seconds ? l : least));
    lane.files.push(file);
    lane.seconds += weight(file);
  }
  return lanes.map((l) => l.files.sort()).filter((l) => l.length);
}
