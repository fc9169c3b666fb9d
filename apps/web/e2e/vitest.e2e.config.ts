import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser tests: node environment (playwright-core drives Chromium), long timeouts, one file at a
// time against the one app that scripts/e2e.mjs started.
export default defineConfig({
  test: {
    name: 'web-e2e',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    maxWorkers: 1,
    sequence: { concurrent: false },
  },
});
