import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './e2e/workers.js';

export default defineConfig({
  test: {
    // Vitest started one worker on the two-core build machines; asking for both halves the wall time.
    maxWorkers: '100%',
    // Transformed modules are kept on disk (node_modules/.experimental-vitest-cache, keyed by content):
    // `npm test`'s PostgreSQL stage then reuses what its SQLite stage transformed (PostgreSQL stage
    // 91 → 71 s here), and a second run on a machine starts warm. `npx vitest --clearCache` empties it.
    experimental: { fsModuleCache: true },
    projects: [
      {
        test: {
          name: 'server',
          isolate: false,
          include: ['server/**/*.test.ts', 'common/**/*.test.ts'],
          environment: 'node',
          // Migrates one template database per run; each test app gets a copy (server/test/test-database.ts).
          globalSetup: ['server/test/global-setup.ts'],
          // Argon2id at its cheapest (server/config.ts): test setup hashes hundreds of passwords. One test
          // pins the production settings (server/modules/user/password.test.ts).
          env: { FOLIO_PASSWORD_HASH: 'fast' },
          testTimeout: 20000,
          hookTimeout: 30000,
        },
      },
      {
        test: {
          name: 'web',
          isolate: false,
          // The app imports a few antd components by file (antd/es/…) to load them lazily; Node runs antd's
          // CommonJS build (antd/lib) for `from 'antd'`, so the tests read those files there too: one antd,
          // one ConfigProvider (theme, motion) for every component.
          alias: [{ find: /^antd\/es\//, replacement: 'antd/lib/' }],
          include: ['web/**/*.test.tsx', 'web/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['web/test/setup.ts'],
          testTimeout: 20000,
        },
      },
      {
        test: {
          name: 'e2e',
          // Spec files share their worker's loaded modules (playwright-core and the fixtures load once, not per
          // file); each file still connects to the browser and opens contexts of its own.
          isolate: false,
          include: ['e2e/**/*.spec.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          // Three spec files at a time (e2e/workers.ts), each worker against a Folio of its own, one shared Chromium.
          maxWorkers: E2E_WORKERS,
          testTimeout: 60000,
          hookTimeout: 90000,
          // A screen that downloads its code on first use can take more than the default second on a busy machine.
          expect: { poll: { timeout: 10000 } },
        },
      },
    ],
  },
});
