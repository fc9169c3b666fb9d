import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser tests: node environment (playwright-core drives Chromium), long timeouts, two files at a
// time against the one app that scripts/e2e.mjs started (298 s instead of 383 s one at a time;
// a test that compares a screen with the API allows for another file's writes, decision 0072).
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
  },
});
