import { defineConfig } from 'vitest/config';

// One test command for the whole monorepo. Each workspace is a project so that the web app can
// run under jsdom while server code runs under node; packages/risk carries a coverage gate.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*'],
    coverage: {
      provider: 'v8',
      enabled: true,
      include: ['packages/risk/src/**/*.ts'],
      exclude: ['**/*.test.ts', '**/test/**'],
      thresholds: { lines: 95, branches: 95 },
    },
  },
});
