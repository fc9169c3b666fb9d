// ECharts' Turkish locale (an ES module of the package, aliased in vite.config.ts).
declare module 'echarts/lib/i18n/langTR.js' {
  import type { registerLocale } from 'echarts/core';
  const locale: Parameters<typeof registerLocale>[1];
  export default locale;
}
