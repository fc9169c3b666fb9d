import { defineConfig, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';
import { echartsLocaleAlias } from './echarts-locale-alias.ts';
import { precompressAssets } from './precompress-assets.ts';

// The dev server forwards /api to the API on port 3000; `vite build` writes apps/web/dist, which
// the API serves in production mode together with config.json.
export default defineConfig({
  // plugin-react resolves the hoisted Vite's types; the runtime plugin is the same for both.
  plugins: [react() as PluginOption, precompressAssets()],
  resolve: { alias: echartsLocaleAlias },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
  },
});
