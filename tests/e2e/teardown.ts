/** After the run: the seeded copy its servers shared (tests/e2e/seed-copy.ts). */
import { rmSync } from 'node:fs';

export default function teardown(): void {
  if (process.env.E2E_SEED) rmSync(process.env.E2E_SEED, { force: true });
}
