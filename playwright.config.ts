import { defineConfig } from '@playwright/test';
import { e2eSet, QUICK_FLOWS } from './tests/e2e/quick';
import { flowFiles, packLanes } from './tests/e2e/lanes';
import { findBrowser } from './scripts/find-browser';
import os from 'node:os';
import path from 'node:path';

const PORT = Number(process.env.E2E_PORT ?? 8181);
const SCREENS = /every-screen\.spec\.ts$/;
const SET = e2eSet();
/** The flows of this run: those of `npm test` (tests/e2e/quick.ts), the others, or all. */
const flows = flowFiles('tests/e2e').filter((f) => SET === 'full' || QUICK_FLOWS.includes(f) === (SET === 'quick'));
/** Lanes of flows, each on a server of its own (tests/e2e/lanes.ts), and the walks' workers on theirs. */
const FLOW_LANES = Number(process.env.E2E_FLOW_LANES ?? 2);
const WALK_WORKERS = Number(process.env.E2E_WALK_WORKERS ?? 2);
const lanes = packLanes(flows, FLOW_LANES);
const fileMatch = (file: string) => new RegExp(`[/\\\\]${file.replace(/\./g, '\\.')}$`);
/** Port of lane i's server; the walks' server comes after the lanes'. */
const SCREENS_PORT = PORT + lanes.length;
/** The run's seeded database, made by the first server and loaded by the others (tests/e2e/seed-copy.ts); removed after the run. */
const E2E_SEED = (process.env.E2E_SEED ??= path.join(os.tmpdir(), `payadmin-e2e-seed-${process.pid}.tar.gz`));
/** Where each server writes its ledger check when it stops (tests/e2e/serve.ts; scripts/test-all.ts reads them). */
const E2E_LEDGER_DIR = process.env.E2E_LEDGER_DIR ?? 'test-results/e2e-ledger';

/** e2e against the built admin served by the real server on a throwaway PGlite database. */
export default defineConfig({
  testDir: 'tests/e2e',
  globalTeardown: './tests/e2e/teardown.ts',
  // Generous waits: CI machines are shared and a loaded one renders a list in seconds, not
  // milliseconds (four browsers and their servers on two cores make a load of about 20). A
  // real failure fails whatever the wait; only a slow pass needs the room.
  timeout: 240_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  // The lanes of flows, each one test at a time on its own server, and the walks beside them on a
  // server of theirs. A browser test mostly waits (the page, the server, polls), so the lanes together
  // take about as long as the longest.
  workers: lanes.length + WALK_WORKERS,
  // A stray test.only must not turn a CI run into a run of one test.
  forbidOnly: Boolean(process.env.CI),
  // One retry in CI; a test that needs it is reported as flaky (scripts/test-all.ts names it), not passed.
  retries: process.env.CI ? 1 : 0,
  outputDir: process.env.PW_OUTPUT_DIR ?? 'test-results/e2e',
  reporter: [['list'], ['json', { outputFile: process.env.PW_JSON ?? 'test-results/e2e.json' }]],
  projects: [
    ...lanes.map((files, i) => ({ name: `flows-${i + 1}`, testMatch: files.map(fileMatch), workers: 1, use: { baseURL: `http://127.0.0.1:${PORT + i}` } })),
    { name: 'screens', testMatch: SCREENS, workers: WALK_WORKERS, use: { baseURL: `http://127.0.0.1:${SCREENS_PORT}` } },
  ],
  use: {
    locale: 'en-US',
    // The operator asks for less motion, which the admin honours (src/theme.ts): no fades or slides
    // to render and wait for, on a machine that renders in software.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    // A trace records a screenshot of every frame, which costs Chromium about as much as the test
    // itself: traced only on the retry of a failed test, which is where one is read.
    trace: 'on-first-retry',
    launchOptions: {
      // CHROMIUM_PATH, Debian's chromium, or Playwright's own (scripts/find-browser.ts; npm test installs or names one first).
      executablePath: findBrowser() ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
    },
  },
  webServer: [...lanes.map((_, i) => PORT + i), SCREENS_PORT].map((port) => ({
    command: `tsx tests/e2e/serve.ts`,
    url: `http://127.0.0.1:${port}/v1.0/health`,
    reuseExistingServer: false,
    // A fresh database is migrated and seeded first: a loaded machine needs minutes, not seconds.
    timeout: 180_000,
    env: { PORT: String(port), HOST: '127.0.0.1', STATIC_DIR: process.env.STATIC_DIR ?? './dist', E2E_SEED, E2E_LEDGER_DIR },
    // Stopped as an operator stops it, so that it checks its ledger before its database closes.
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 60_000 },
  })),
});
