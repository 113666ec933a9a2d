/**
 * `npm test`: typecheck and lint (`npm run lint`: eslint and knip) beside the unit and API tests (Vitest
 * on PGlite), build, the login route's JS budget (scripts/bundle-size.ts --check), and the quick e2e
 * (Playwright on Chromium): the core flows and one every-screen walk (tests/e2e/quick.ts), under 15
 * minutes on 2 cores. The browser is found (or installed, scripts/find-browser.ts) before any stage.
 * `--rest` (`npm run test:rest`) runs only what that leaves out: the API suite on PostgreSQL (where
 * PG_TEST_URL names one) with the slow API files left to it (tests/api/passes.ts), then every other
 * e2e flow and walk; CI runs `npm test`, then that.
 * `--full` (`npm run test:full`) runs both in one go. Other arguments name the stages to run (e.g.
 * `vitest e2e`); arguments after `--` go to Playwright (e.g. `-- --grep payouts`).
 * Ends with a table of the stages' times and one summary line: "N passed, N flaky, N failed, N skipped".
 * A test that passed only on a retry counts as flaky, not passed, and is named above that line; one
 * of a flow that moves money or takes a guarded action (NO_PASS_ON_RETRY) fails the run.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureBrowser } from './find-browser';
import { buildIsCurrent, markBuild } from './build-stamp';
import { printStages, STAGES_FILE, type Stage } from './stage-table';
import { REST_ONLY } from '../tests/api/passes';
import { NO_PASS_ON_RETRY } from '../tests/e2e/quick';

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
/** Each e2e server's ledger check, written as it stops (tests/e2e/serve.ts). */
const ledgerDir = mode === 'rest' ? 'test-results/e2e-rest-ledger' : 'test-results/e2e-ledger';

/** This run's stages, printed as a table at the end and kept in STAGES_FILE (.ci/run prints them all). */
const stages: Stage[] = [];

/**
 * Runs a stage. A stage in the foreground shows its output as it goes; one `beside` the foreground
 * (a light one, e.g. typecheck and lint beside the unit and API tests) writes its output
 * to test-results/<name>.log, printed when it fails.
 */
async function run(name: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}, beside = false): Promise<boolean> {
  if (only.length && !only.includes(name)) return true;
  const log = `test-results/${name}.log`;
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}${beside ? ` (beside the next stages, output in ${log})` : ''}`);
  const started = Date.now();
  const child = spawn(cmd, args, { stdio: beside ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...env } });
  if (beside) {
    const out = createWriteStream(log);
    child.stdout!.pipe(out);
    child.stderr!.pipe(out);
  }
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const stage: Stage = { name: mode === 'rest' ? `rest: ${name}` : name, seconds: (Date.now() - started) / 1000, ok: status === 0, ...(beside ? { beside } : {}) };
  stages.push(stage);
  appendFileSync(STAGES_FILE, `${JSON.stringify(stage)}\n`);
  if (beside && !stage.ok) console.log(`\n--- ${log} (last 80 lines)\n${readFileSync(log, 'utf8').split('\n').slice(-80).join('\n')}`);
  console.log(`=== ${name} ${stage.ok ? 'ok' : 'FAILED'} in ${stage.seconds.toFixed(1)} s`);
  return stage.ok;
}

function skipped(name: string, why: string): true {
  if (only.length && !only.includes(name)) return true;
  console.log(`\n=== ${name}: skipped, ${why}`);
  return true;
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
  for (const file of ['test-results/vitest-postgres.json', e2eReport, ledgerDir]) rmSync(file, { recursive: true, force: true });
} else {
  rmSync('test-results', { recursive: true, force: true });
}
mkdirSync('test-results', { recursive: true });

// The browser is looked for before the first stage: a machine without one learns it now, not after
// ten minutes of typechecking and API tests.
const wantsE2e = !only.length || only.includes('e2e');
const browser = wantsE2e ? ensureBrowser() : undefined;
if (browser && 'problem' in browser) {
  console.error(`\nnpm test: ${browser.problem}`);
  process.exit(1);
}
const browserEnv = browser ? { CHROMIUM_PATH: browser.path } : {};

/** The checks and the API suite on the embedded database (`npm test`): typecheck and lint beside the API tests. */
async function checksAndApi(): Promise<boolean> {
  const checks = (async () => (await run('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit'], {}, true)) && run('lint', 'npm', ['run', 'lint'], {}, true))();
  const vitest = run('vitest', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=test-results/vitest.json'], { API_PASS: 'first' });
  return (await checks) && (await vitest);
}

/** The admin as the sources are now, its budgets (`npm test`), and the browser tests of this run. */
async function browserTests(): Promise<boolean> {
  return (
    // The rest builds too, unless dist/ was built from the sources as they are now (as in CI, where
    // `npm test` built it a moment before): its e2e must test the admin as the sources are now.
    (buildIsCurrent() ? skipped('build', 'dist/ is current') : (await run('build', 'npm', ['run', 'build'])) && markBuild()) &&
    (!quick || (await run('bundle', 'npx', ['tsx', 'scripts/bundle-size.ts', '--check']))) &&
    (await run('e2e', 'npx', ['playwright', 'test', ...playwrightArgs], {
      ...browserEnv,
      E2E_SET: mode,
      PW_JSON: e2eReport,
      E2E_LEDGER_DIR: ledgerDir,
      ...(mode === 'rest' ? { PW_OUTPUT_DIR: 'test-results/e2e-rest' } : {}),
    })) &&
    (only.length === 0 || only.includes('e2e') ? ledgerHeld() : true)
  );
}

/**
 * The money invariants on every e2e server's database after its tests (server/ledger/invariants.ts):
 * a flow that posted money wrongly fails the run even when every screen looked right.
 */
function ledgerHeld(): boolean {
  const files = existsSync(ledgerDir) ? readdirSync(ledgerDir) : [];
  const reports = files.filter((f) => f.endsWith('.json')).map((f) => JSON.parse(readFileSync(path.join(ledgerDir, f), 'utf8')) as { port: string; ok: boolean; report: string });
  // Every server that started (serve.ts marks it) must have reported as it stopped.
  const silent = files.filter((f) => f.endsWith('.started') && !files.includes(f.replace(/\.started$/, '.json')));
  if (!reports.length || silent.length) {
    console.log(`\n=== ledger: FAILED, ${reports.length ? `no ledger check from ${silent.join(', ')}` : 'no e2e server wrote its ledger check'} in ${ledgerDir}`);
    return false;
  }
  for (const r of reports) console.log(`\n=== ledger of the e2e server on port ${r.port}: ${r.ok ? 'ok' : 'BROKEN'}\n${r.report}`);
  return reports.every((r) => r.ok);
}

/**
 * The API suite again on PostgreSQL (API_DB=postgres), where PG_TEST_URL names one (.ci/run sets
 * it): the production database behaves as the embedded one. With it, the files `npm test` left to
 * this pass (tests/api/passes.ts); without PostgreSQL, those alone, on the embedded database. It runs
 * before the browser tests, not beside them: both are bound by the CPU, and on two cores beside them
 * it took 34 minutes instead of 6, its heaviest files timing out.
 */
const postgresApi = async (): Promise<boolean> =>
  process.env.PG_TEST_URL
    ? run('vitest-postgres', 'npx', ['vitest', 'run', '--project', 'api*', '--reporter=default', '--reporter=json', '--outputFile=test-results/vitest-postgres.json'], { API_DB: 'postgres', API_PASS: 'postgres' })
    : run('vitest-rest', 'npx', ['vitest', 'run', '--project', 'api*', ...REST_ONLY.map((glob) => glob.split('*')[0]), '--reporter=default', '--reporter=json', '--outputFile=test-results/vitest-postgres.json']);

async function main(): Promise<boolean> {
  if (quick && !(await checksAndApi())) return false;
  // The browser tests run even when the API pass failed: one run reports both.
  const api = rest ? await postgresApi() : true;
  const browsed = await browserTests();
  return api && browsed;
}

let ok = await main();

if (quick) addVitest('test-results/vitest.json');
if (rest) addVitest('test-results/vitest-postgres.json');
addPlaywright(e2eReport);
// A pass on retry hides a real problem (a race, or state left by the failed attempt): name each one.
if (flakyTests.length) console.log(`\nFlaky (failed, then passed on retry):\n${flakyTests.map((t) => `  ${t}`).join('\n')}`);
const strict = flakyTests.filter((t) => NO_PASS_ON_RETRY.includes(path.basename(t.split(':')[0])));
if (strict.length) {
  console.log(`\nMoney or guarded flows may not pass on a retry (tests/e2e/quick.ts, NO_PASS_ON_RETRY): this fails the run.\n${strict.map((t) => `  ${t}`).join('\n')}`);
  ok = false;
}
if (!ok && total.failed === 0) total.failed = 1; // a failed stage (typecheck, lint, build, bundle budget) counts as a failure
printStages(stages);
console.log(`\n${total.passed} passed, ${total.flaky} flaky, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(ok ? 0 : 1);
