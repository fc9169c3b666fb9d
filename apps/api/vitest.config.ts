import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    // Files share one module graph per worker (docs/decisions/0072-ci-time.md): the server's
    // modules load once per worker, not once per file.
    isolate: false,
    // One embedded PostgreSQL per run (or TEST_DATABASE_URL); each test file gets its own database.
    // The server built first, so that the worker and API processes the tests start run compiled
    // (decision 0072).
    globalSetup: [
      '../../packages/db/src/test-global-setup.ts',
      '../worker/src/testing/compiled-children.ts',
    ],
    testTimeout: 30_000,
    // The first file that asks for a seeded template (the demo, decision 0061) builds it inside its
    // beforeAll (the market and the computed demo: ~20 s in a file run alone on a quiet machine,
    // several times that beside another file at a slow hour), so a set-up hook may take far longer
    // than a test.
    hookTimeout: 480_000,
  },
});
