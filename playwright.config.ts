import { defineConfig } from '@playwright/test';
import { e2eSet, QUICK_FLOWS } from './tests/e2e/quick';

const PORT = Number(process.env.E2E_PORT ?? 8181);
/** The every-screen walk's own server: it reads every screen while the flows change settings on theirs. */
const SCREENS_PORT = PORT + 1;
const SCREENS = /every-screen\.spec\.ts$/;
/** The flows of `npm test` (tests/e2e/quick.ts); E2E_SET picks them, the others, or all. */
const QUICK = QUICK_FLOWS.map((file) => new RegExp(`[/\\\\]${file.replace(/\./g, '\\.')}$`));
const SET = e2eSet();
const flows = SET === 'quick' ? { testMatch: QUICK } : { testIgnore: SET === 'rest' ? [SCREENS, ...QUICK] : SCREENS };

/** e2e against the built admin served by the real server on a throwaway PGlite database. */
export default defineConfig({
  testDir: 'tests/e2e',
  // Generous waits: CI machines are shared and a loaded one renders a list in seconds, not
  // milliseconds. A real failure fails whatever the wait; only a slow pass needs the room.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  // Two lanes, each one test at a time: the flows (which share one server and change its settings)
  // and the every-screen walk on a server of its own. A browser test mostly waits (animations, polls,
  // timers), so the two lanes together take about as long as the longer one.
  workers: 2,
  // A stray test.only must not turn a CI run into a run of one test.
  forbidOnly: Boolean(process.env.CI),
  // One retry in CI; a test that needs it is reported as flaky (scripts/test-all.ts names it), not passed.
  retries: process.env.CI ? 1 : 0,
  outputDir: process.env.PW_OUTPUT_DIR ?? 'test-results/e2e',
  reporter: [['list'], ['json', { outputFile: process.env.PW_JSON ?? 'test-results/e2e.json' }]],
  projects: [
    { name: 'flows', ...flows, workers: 1, use: { baseURL: `http://127.0.0.1:${PORT}` } },
    { name: 'screens', testMatch: SCREENS, workers: 1, use: { baseURL: `http://127.0.0.1:${SCREENS_PORT}` } },
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
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
    },
  },
  webServer: [PORT, SCREENS_PORT].map((port) => ({
    command: `tsx tests/e2e/serve.ts`,
    url: `http://127.0.0.1:${port}/v1.0/health`,
    reuseExistingServer: false,
    // A fresh database is migrated and seeded first: a loaded machine needs minutes, not seconds.
    timeout: 180_000,
    env: { PORT: String(port), HOST: '127.0.0.1', STATIC_DIR: process.env.STATIC_DIR ?? './dist' },
  })),
});
