import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress';
import { loginChunk } from './scripts/login-chunk';

const login = loginChunk('src/main.tsx');
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), precompress(), login.plugin],
  build: {
    target: 'es2022',
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: { codeSplitting: { groups: [login.group] } },
      // @refinedev/antd's one module imports its markdown field's packages, which declare no
      // "sideEffects"; we never show markdown, so they may go when nothing uses them.
      treeshake: { moduleSideEffects: [{ test: /node_modules\/(react-markdown|remark-gfm)\//, sideEffects: false }] },
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
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/unit/setup.ts'],
          server: { deps: { inline: [/@refinedev\//] } },
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/api/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
    ],
  },
});
