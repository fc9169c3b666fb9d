import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: '@fonrisk/risk',
    environment: 'node',
    // Pure functions: the files share one module graph per worker (docs/decisions/0072-ci-time.md).
    // Isolated, each of the ~75 small files paid a fresh worker's start and imports (~0.4 s) for
    // milliseconds of tests.
    isolate: false,
    // The WebAssembly fallback tests stub the global: it is restored after each test, so the next
    // file in the same worker sees the real one.
    unstubGlobals: true,
  },
});
