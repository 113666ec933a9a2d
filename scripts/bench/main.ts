/**
 * `npm run bench`: the server's figures at production size, on PGlite (in process) and on the
 * PostgreSQL of this machine, side by side, as a markdown table with the budgets. Each database
 * runs in a child process (run.ts), so each peak RSS is that server's own.
 *
 * Scale: ORDERS (default 1,000,000), PAYOUTS (200,000), MERCHANTS (200), SUPPLIERS (100), RUNS
 * per case (30), BATCH_RUNS (RUNS), CREATE_ORDERS (2,000), EXPORT_ROWS (100,000) and EXPORT_RUNS (3);
 * the operator under load: LOAD_RATE orders/s (50), LOAD_SECONDS (30), LOAD_OPERATOR_MS (200);
 * BENCH_DB=pglite|postgres runs one only;
 * BENCH_PG_URL (else PG_TEST_URL, else postgres://postgres@127.0.0.1:5432/test) is where the
 * throwaway database is created and dropped. The admin is built first (BENCH_NO_BUILD=1 keeps
 * dist/ as it is) for the browser figures, taken in Chromium (CHROMIUM_PATH, else /usr/bin/chromium).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, freemem, totalmem, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { postgresProblem } from './databases.js';
import { markdownTable, type DatabaseResult, type Kind } from './table.js';

const runner = path.join(path.dirname(fileURLToPath(import.meta.url)), 'run.ts');
const dir = mkdtempSync(path.join(tmpdir(), 'bench-'));

function runOne(kind: Kind): Promise<DatabaseResult> {
  const output = path.join(dir, `${kind}.json`);
  return new Promise((resolve) => {
    // BENCH_CPU_PROF=<dir>: a V8 CPU profile of each database's server process, to see where a call's time goes.
    const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
    // --expose-gc: the export's RSS rise is measured from a collected heap.
    const child = spawn(process.execPath, [...profile, '--expose-gc', '--import', 'tsx', runner, kind, output], { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('exit', (code) => {
      if (code === 0) resolve(JSON.parse(readFileSync(output, 'utf8')) as DatabaseResult);
      else resolve({ kind, skipped: `the run failed (exit ${code}, see above)`, figures: [] });
    });
  });
}

// The browser figures measure the admin as built from this checkout, never a stale dist/.
if (!process.env.BENCH_NO_BUILD) {
  console.error('building the admin (vite build)...');
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const kinds = (['pglite', 'postgres'] as const).filter((k) => !process.env.BENCH_DB || process.env.BENCH_DB === k);
const results: DatabaseResult[] = [];
for (const kind of kinds) {
  const problem = kind === 'postgres' ? await postgresProblem() : null;
  results.push(problem ? { kind, skipped: `PostgreSQL does not answer (${problem})`, figures: [] } : await runOne(kind));
}
rmSync(dir, { recursive: true, force: true });

const gb = (bytes: number) => (bytes / 2 ** 30).toFixed(1);
console.log(`\n## Bench ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC\n`);
console.log(`Machine: ${cpus().length} cores (${cpus()[0]?.model.trim()}), ${gb(totalmem())} GB memory (${gb(freemem())} GB free), Node ${process.version}. Times in ms; runs after one warm-up.`);
console.log(markdownTable(results));
