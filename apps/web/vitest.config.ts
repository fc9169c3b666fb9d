import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { echartsLocaleAlias } from './echarts-locale-alias.ts';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: echartsLocaleAlias },
  test: {
    name: 'web',
    environment: 'jsdom',
    // Files share one jsdom and one module graph per worker (docs/decisions/0072-ci-time.md):
    // Mantine, React and the screens load once per worker, not once per file (the web tests' CPU
    // 425 s -> 117 s). Each test still gets a clean document and storage (src/test/setup.ts).
    isolate: false,
    include: ['src/**/*.test.{ts,tsx}', '*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // Screens load lazily and jsdom renders Mantine slowly on a loaded 2-core machine; a screen
    // test that needs more than 20 s is broken, one that needs 6 s is only busy.
    testTimeout: 20_000,
  },
});
