import { defineProject } from 'vitest/config';

// The CLI's tests run the `fonrisk` binary as a child process (a Node start each); with test files
// running side by side (decision 0061) a start can take longer than vitest's 5 s default.
export default defineProject({
  test: {
    name: '@fonrisk/cli',
    environment: 'node',
    // Files share one module graph per worker (docs/decisions/0072-ci-time.md): the server's
    // modules load once per worker, not once per file.
    isolate: false,
    testTimeout: 30_000,
  },
});
