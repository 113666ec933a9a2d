/**
 * `npm test`: typecheck, lint, unit and API tests (Vitest), build, the login route's JS budget
 * (scripts/bundle-size.ts --check), e2e (Playwright on Chromium).
 * Stops at the first failing stage and ends with one summary line: "N passed, N failed, N skipped".
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

type Counts = { passed: number; failed: number; skipped: number };
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
const only = process.argv.slice(2);

function run(name: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  if (only.length && !only.includes(name)) return true;
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${name} ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result.status === 0;
}

function addVitest(file: string) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  total.passed += report.numPassedTests ?? 0;
  total.failed += report.numFailedTests ?? 0;
  total.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

function addPlaywright(file: string) {
  if (!existsSync(file)) return;
  const stats = JSON.parse(readFileSync(file, 'utf8')).stats ?? {};
  total.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  total.failed += stats.unexpected ?? 0;
  total.skipped += stats.skipped ?? 0;
}

rmSync('test-results', { recursive: true, force: true });
mkdirSync('test-results', { recursive: true });

const ok =
  run('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']) &&
  run('lint', 'npx', ['eslint', '.']) &&
  run('vitest', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=test-results/vitest.json']) &&
  run('build', 'npm', ['run', 'build']) &&
  run('bundle', 'npx', ['tsx', 'scripts/bundle-size.ts', '--check']) &&
  run('e2e', 'npx', ['playwright', 'test']);

addVitest('test-results/vitest.json');
addPlaywright('test-results/e2e.json');
if (!ok && total.failed === 0) total.failed = 1; // a failed stage (typecheck, lint, build, bundle budget) counts as a failure
console.log(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(ok ? 0 : 1);
