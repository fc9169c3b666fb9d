import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'worker',
    environment: 'node',
    // One embedded PostgreSQL per run (or TEST_DATABASE_URL); each test file gets its own database.
    globalSetup: ['../../packages/db/src/test-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
