import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// ECharts ships its Turkish locale as an ES module in lib/i18n, which its package exports do not
// list (only UMD files under i18n/). The web imports it by this name (decision 0058); the API
// finds the same file from the resolved package.
const echartsDir = dirname(dirname(createRequire(import.meta.url).resolve('echarts')));

export const echartsLocaleAlias = {
  'echarts/lib/i18n/langTR.js': join(echartsDir, 'lib/i18n/langTR.js'),
};
