/**
 * `npm test`: typecheck, lint (`npm run lint`: eslint and knip), unit and API tests (Vitest on PGlite),
 * build, the login route's JS budget (scripts/bundle-size.ts --check), and the quick e2e (Playwright on
 * Chromium): the core flows and one every-screen walk (tests/e2e/quick.ts), under 15 minutes on 2 cores.
 * `--rest` (`npm run test:rest`) runs only what that leaves out: the API suite on PostgreSQL (where
 * PG_TEST_URL names one) and every other e2e flow and walk; CI runs `npm test`, then that.
 * `--full` (`npm run test:full`) runs both in one go. Other arguments name the stages to run (e.g.
 * `vitest e2e`); arguments after `--` go to Playwright (e.g. `-- --grep payouts`).
 * Stops at the first failing stage and ends with one summary line: "N passed, N flaky, N failed, N skipped".
 * A test that passed only on a retry counts as flaky, not passed, and is named above that line.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

type Counts = { passed: number; flaky: number; failed: number; skipped: number };
const total: Counts = { passed: 0, flaky: 0, failed: 0, skipped: 0 };
/** "file:line › title" of each test that passed only on a retry. */
const flakyTests: string[] = [];
const args = process.argv.slice(2);
const dashDash = args.indexOf('--');
/** Passed to Playwright as they are. */
const playwrightArgs = dashDash < 0 ? [] : args.slice(dashDash + 1);
const own = dashDash < 0 ? args : args.slice(0, dashDash);
const mode: 'quick' | 'rest' | 'full' = own.includes('--full') ? 'full' : own.includes('--rest') ? 'rest' : 'quick';
const only = own.filter((a) => !a.startsWith('--'));
const quick = mode !== 'rest';
const rest = mode !== 'quick';
/** The rest writes its own reports beside those of the `npm test` before it (CI keeps both). */
const e2eReport = mode === 'rest' ? 'test-results/e2e-rest.json' : 'test-results/e2e.json';

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

type PwSuite = { suites?: PwSuite[]; specs?: { title: string; file: string; line: number; tests: { status: string }[] }[] };

function addPlaywright(file: string) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const stats = report.stats ?? {};
  total.passed += stats.expected ?? 0;
  total.flaky += stats.flaky ?? 0;
  total.failed += stats.unexpected ?? 0;
  total.skipped += stats.skipped ?? 0;
  // Spec files are named relative to the test directory; print them from the project root.
  const where = (file: string) => path.relative(process.cwd(), path.join(report.config?.rootDir ?? '', file));
  const walk = (suite: PwSuite) => {
    for (const spec of suite.specs ?? []) {
      if (spec.tests.some((t) => t.status === 'flaky')) flakyTests.push(`${where(spec.file)}:${spec.line} › ${spec.title}`);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
}

if (mode === 'rest') {
  for (const file of ['test-results/vitest-postgres.json', e2eReport]) rmSync(file, { force: true });
} else {
  rmSync('test-results', { recursive: true, force: true });
}
mkdirSync('test-results', { recursive: true });

const ok =
  (!quick || run('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit'])) &&
  (!quick || run('lint', 'npm', ['run', 'lint'])) &&
  (!quick || run('vitest', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=test-results/vitest.json'])) &&
  // The whole API suite again on PostgreSQL (API_DB=postgres, about 10 min on 2 cores), where
  // PG_TEST_URL names one (.ci/run sets it): the production database behaves as the embedded one.
  (!rest ||
    !process.env.PG_TEST_URL ||
    run('vitest-postgres', 'npx', ['vitest', 'run', '--project', 'api', '--reporter=default', '--reporter=json', '--outputFile=test-results/vitest-postgres.json'], { API_DB: 'postgres' })) &&
  // The rest builds too: its e2e must test the admin as the sources are now, not an older dist/.
  run('build', 'npm', ['run', 'build']) &&
  (!quick || run('bundle', 'npx', ['tsx', 'scripts/bundle-size.ts', '--check'])) &&
  run('e2e', 'npx', ['playwright', 'test', ...playwrightArgs], {
    E2E_SET: mode,
    PW_JSON: e2eReport,
    ...(mode === 'rest' ? { PW_OUTPUT_DIR: 'test-results/e2e-rest' } : {}),
  });

if (quick) addVitest('test-results/vitest.json');
if (rest) addVitest('test-results/vitest-postgres.json');
addPlaywright(e2eReport);
if (!ok && total.failed === 0) total.failed = 1; // a failed stage (typecheck, lint, build, bundle budget) counts as a failure
// A pass on retry hides a real problem (a race, or state left by the failed attempt): name each one.
if (flakyTests.length) console.log(`\nFlaky (failed, then passed on retry):\n${flakyTests.map((t) => `  ${t}`).join('\n')}`);
console.log(`\n${total.passed} passed, ${total.flaky} flaky, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(ok ? 0 : 1);
