import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'db',
    environment: 'node',
    // Files share one module graph per worker (docs/decisions/0072-ci-time.md): the server's
    // modules load once per worker, not once per file.
    isolate: false,
    globalSetup: ['./src/test-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
