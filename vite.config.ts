import path from 'node:path';
import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress';
import { routeChunks } from './scripts/route-chunks';
import { resourceOutline } from './scripts/resource-outline';
import { dependencySwaps } from './scripts/dependency-swaps';
import { loginPage } from './scripts/login-page';
import { isolatedFiles } from './tests/isolated';
import { skippedByPass } from './tests/api/passes';

/**
 * A chunk per route (scripts/route-chunks.ts): the login page's script (no React: the form is in
 * the HTML, scripts/login-page.ts); what the signed-in app, its root (React, antd), its shell, the
 * registry and the generic list need beyond it. Left alone, the bundler cuts these into a hundred
 * small files, which compress worse one by one than together. The login route's chunk stays out of
 * the app's. (A single app chunk also serves home, which shows no list: cutting it in two made both
 * heavier, docs/benchmarks.md.)
 */
const routes = routeChunks([
  { name: 'login', entries: ['src/main.ts'] },
  { name: 'app', entries: ['src/Root.tsx', 'src/App.tsx', 'src/shell/AppLayout.tsx', 'src/registry/registry.ts', 'src/components/resource/ResourceList.tsx'] },
]);

/**
 * antd's size observers import resize-observer-polyfill, which hands out the browser's own
 * ResizeObserver wherever there is one: every browser the build targets (es2022) has it, so the
 * build takes the browser's, without reports about elements out of the document
 * (src/dependency-swaps/resize-observer.ts), and leaves the polyfill's 2 kB gzip off the login
 * route. (The unit tests' jsdom has none and keeps the polyfill.)
 */
const nativeResizeObserver: Plugin = {
  name: 'native-resize-observer',
  apply: 'build',
  enforce: 'pre',
  resolveId: (id) => (id === 'resize-observer-polyfill' ? path.resolve('src/dependency-swaps/resize-observer.ts') : undefined),
};
/**
 * react-router's package points every import at its development build, whose only difference from
 * the production build beside it is that its warnings are on (ENABLE_DEV_WARNINGS): the admin's
 * build takes the production one. The dev server and the tests keep the warnings.
 */
const reactRouterProduction: Plugin = {
  name: 'react-router-production',
  apply: 'build',
  enforce: 'pre',
  resolveId(id, importer) {
    // Its subpaths too (react-router/dom): the development files import each other by relative paths.
    if (id !== 'react-router' && !id.startsWith('react-router/')) return undefined;
    return this.resolve(id, importer, { skipSelf: true }).then((r) => (r ? { ...r, id: r.id.replace(/([\\/]react-router[\\/]dist[\\/])development([\\/])/, '$1production$2') } : r));
  },
};
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

const API_ISOLATED = isolatedFiles('tests/api');
const UNIT_ISOLATED = isolatedFiles('tests/unit');

/** The unit tests' settings, shared by their two projects below. */
const unit = {
  include: ['tests/unit/**/*.test.{ts,tsx}'],
  environment: 'jsdom' as const,
  setupFiles: ['tests/unit/setup.ts'],
  // jsdom renders antd in the test's own thread: a loaded CI machine takes seconds where a quiet one
  // takes milliseconds, and a slow pass is not a failure.
  testTimeout: 20_000,
  server: { deps: { inline: [/@refinedev\//] } },
};

/** The API tests' settings, shared by their two projects below. */
const api = {
  include: ['tests/api/**/*.test.ts'],
  environment: 'node' as const,
  globalSetup: ['tests/api/global-setup.ts'],
  // A slow pass on a loaded machine is not a failure; PostgreSQL's pass (its own server beside it) gets more room.
  testTimeout: process.env.API_DB === 'postgres' ? 60_000 : 30_000,
  hookTimeout: process.env.API_DB === 'postgres' ? 120_000 : 60_000,
  pool: 'forks' as const,
};

export default defineConfig({
  plugins: [nativeResizeObserver, reactRouterProduction, resourceOutline(), dependencySwaps(), react(), loginPage(), precompress(), routes.plugin],
  resolve: {
    alias: [
      // Refine's page header (@ant-design/pro-layout) imports its two arrows by the package's root
      // paths, which are CommonJS and bring a second copy of the icon runtime; these are the same icons.
      { find: /^@ant-design\/icons\/([A-Z]\w+)$/, replacement: '@ant-design/icons/es/icons/$1' },
    ],
  },
  // Locale files are read whole (src/providers/i18n.ts); a named export per top-level key only adds
  // bytes to each of them.
  json: { namedExports: false },
  build: {
    target: 'es2022',
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: { codeSplitting: { groups: routes.groups } },
      // Packages that declare no "sideEffects", so each would stay with nothing using it:
      // @refinedev/antd's one module imports its markdown field's (we never show markdown), Refine's
      // core papaparse for its CSV import and export hooks (we export on the server), and its
      // devtools error-stack-parser, read in development builds only.
      treeshake: {
        moduleSideEffects: [{ test: /node_modules\/(react-markdown|remark-gfm|papaparse|error-stack-parser|stackframe|rc-[a-z-]+)\//, sideEffects: false }],
      },
    },
  },
  server: {
    proxy: { '/v1.0': { target: apiTarget, changeOrigin: true } },
  },
  test: {
    // Both cores: the files are independent (each has its own database), and half of the API
    // suite's time is spent waiting on timers and sockets that another file can use.
    maxWorkers: 2,
    projects: [
      // The unit files share their worker's jsdom and modules (isolate: false): a new jsdom with
      // antd for every file took four fifths of the project's time. Those that mock or stub run
      // isolated (tests/isolated.ts).
      { extends: true, test: { ...unit, name: 'unit', exclude: UNIT_ISOLATED, isolate: false } },
      { extends: true, test: { ...unit, name: 'unit-isolated', include: UNIT_ISOLATED } },
      // The API files share their worker's modules (isolate: false): each has its own server and
      // database, and loading the whole server anew for every file took half the suite's time. The
      // few that mock modules or change what the process shares run isolated (tests/isolated.ts).
      { extends: true, test: { ...api, name: 'api', exclude: [...API_ISOLATED, ...skippedByPass()], isolate: false } },
      { extends: true, test: { ...api, name: 'api-isolated', include: API_ISOLATED, exclude: skippedByPass() } },
    ],
  },
});
