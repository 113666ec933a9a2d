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
  'orders-list.spec.ts': 174,
  'xss.spec.ts': 61,
  'login.spec.ts': 54,
  'shell-tags.spec.ts': 48,
  'readonly-views.spec.ts': 43,
  'payouts.spec.ts': 33,
  'order-journey.spec.ts': 33,
};
const UNMEASURED = 40;

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
