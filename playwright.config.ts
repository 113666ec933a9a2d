import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8181);

/** e2e against the built admin served by the real server on a throwaway PGlite database. */
export default defineConfig({
  testDir: 'tests/e2e',
  // Generous waits: CI machines are shared and a loaded one renders a list in seconds, not
  // milliseconds. A real failure fails whatever the wait; only a slow pass needs the room.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 1,
  // A stray test.only must not turn a CI run into a run of one test.
  forbidOnly: Boolean(process.env.CI),
  // One retry in CI; a test that needs it is reported as flaky (scripts/test-all.ts names it), not passed.
  retries: process.env.CI ? 1 : 0,
  outputDir: process.env.PW_OUTPUT_DIR ?? 'test-results/e2e',
  reporter: [['list'], ['json', { outputFile: process.env.PW_JSON ?? 'test-results/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'en-US',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
    },
  },
  webServer: {
    command: `tsx tests/e2e/serve.ts`,
    url: `http://127.0.0.1:${PORT}/v1.0/health`,
    reuseExistingServer: false,
    // A fresh database is migrated and seeded first: a loaded machine needs minutes, not seconds.
    timeout: 180_000,
    env: { PORT: String(PORT), HOST: '127.0.0.1', STATIC_DIR: process.env.STATIC_DIR ?? './dist' },
  },
});
