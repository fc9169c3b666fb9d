import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { echartsLocaleAlias } from './echarts-locale-alias.ts';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: echartsLocaleAlias },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // Screens load lazily and jsdom renders Mantine slowly on a loaded 2-core machine; a screen
    // test that needs more than 20 s is broken, one that needs 6 s is only busy.
    testTimeout: 20_000,
  },
});
