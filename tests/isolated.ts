/**
 * The test files that run with modules of their own. The unit and API projects share a worker's
 * modules between files (vite.config.ts): loading jsdom and antd, or the whole server, anew for
 * every file took most of the suites' time. A file that mocks a module, stubs a global or sets
 * process.env would change what the next file in that worker sees, so it runs isolated: found by
 * what it calls, plus those named here for what no call shows.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const CHANGES_THE_PROCESS = /\bvi\.(mock|doMock|stubGlobal|stubEnv|resetModules)\(|process\.env\.\w+\s*=(?!=)|delete process\.env/;

/** Shared state no call names: a seeder added to the demo's list, an error log's module-level state. */
const NAMED = ['tests/api/seed.test.ts', 'tests/unit/error-log.test.tsx'];

/** The isolated test files under `dir` (e.g. tests/unit), as paths from the project root. */
export function isolatedFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.test\.tsx?$/.test(f))
    .map((f) => path.posix.join(dir, f.split(path.sep).join('/')))
    .filter((f) => NAMED.includes(f) || CHANGES_THE_PROCESS.test(readFileSync(f, 'utf8')));
}
