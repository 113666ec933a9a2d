/**
 * The e2e server's test clock (server/clock.ts): serve.ts points TEST_CLOCK_FILE at a file named by
 * the server's port, and a test writes an offset there to move the order timeouts' time forward
 * instead of waiting real minutes. A test that moves it puts it back.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The clock file of the e2e server listening on `port`. */
export const clockFile = (port: string | number): string => path.join(os.tmpdir(), `payadmin-e2e-clock-${port}`);

/** Sets the e2e server's clock `ms` ahead of the real one (0: back to real time). */
export function setServerClockAhead(baseURL: string, ms: number): void {
  writeFileSync(clockFile(new URL(baseURL).port), String(ms));
}
