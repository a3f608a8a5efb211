import { defineConfig } from 'vitest/config';

/**
 * The fault scenarios that need real processes (kill -9, ulimit): not part of `npm test`. Run with
 * `npx vitest run --config server/faults/vitest.faults.config.ts` (PostgreSQL: with TEST_DATABASE_URL set).
 */
export default defineConfig({
  test: {
    name: 'faults',
    include: ['server/faults/**/*.fault.ts'],
    environment: 'node',
    globalSetup: ['server/test/global-setup.ts'],
    env: { FOLIO_PASSWORD_HASH: 'fast' },
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
