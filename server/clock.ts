/**
 * The time the order timeouts go by: when an allocated order expires (OrderTimeoutMinutes from now)
 * and which expired orders the sweep times out. In production it is the system clock. A test may
 * point TEST_CLOCK_FILE at a file holding a number of milliseconds: that offset is added, so an
 * end-to-end test moves time forward for the sweep instead of waiting real minutes (the e2e server,
 * tests/e2e/serve.ts, sets it; tests/e2e/clock.ts writes it). No route changes the clock.
 */
import { readFileSync } from 'node:fs';

function offsetMs(): number {
  const file = process.env.TEST_CLOCK_FILE;
  if (!file) return 0;
  try {
    const offset = Number(readFileSync(file, 'utf8').trim());
    return Number.isSafeInteger(offset) ? offset : 0;
  } catch {
    // No file yet: no offset.
    return 0;
  }
}

/** Now, as the order timeouts see it. */
export const clockNow = (): Date => new Date(Date.now() + offsetMs());
