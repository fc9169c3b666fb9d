import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser tests: node environment (playwright-core drives Chromium), long timeouts, two files at a
// time against the one app that scripts/e2e.mjs started (298 s instead of 383 s one at a time;
// a test that compares a screen with the API allows for another file's writes, decision 0072).
// One module graph per worker (isolate: false): each file imported playwright-core and the
// contracts again, 46.7 s of the files' set-up summed against 5–10 s. A file leaves nothing
// behind: setup.ts closes its Chromium after its tests, and each test opens a fresh context.
export default defineConfig({
  test: {
    name: 'web-e2e',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.e2e.ts'],
    setupFiles: ['./setup.ts'],
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
    sequence: { concurrent: false },
    isolate: false,
  },
});
