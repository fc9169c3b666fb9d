import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as echarts from 'echarts';
import { prepareChartOption, type ResultChart } from '@fonrisk/contracts';

/** Size of a chart in the PDF (points); the SVG is drawn at this size and embedded as vectors. */
export const CHART_WIDTH = 515;
export const CHART_HEIGHT = 260;

// ECharts' own Turkish locale (month names on time axes: "Eki", "Kas"). The package exports only
// its UMD i18n files, which need a CommonJS scope; its ES module of the locale sits beside
// lib/echarts.js, found from the resolved package (decision 0058).
const echartsDir = dirname(dirname(createRequire(import.meta.url).resolve('echarts')));
const turkish = (await import(pathToFileURL(join(echartsDir, 'lib/i18n/langTR.js')).href)) as {
  default: Parameters<typeof echarts.registerLocale>[1];
};
echarts.registerLocale('TR', turkish.default);

/**
 * Renders a chart option to an SVG string on the server (ECharts SSR, no DOM): the same option
 * the result screen draws, laid out and formatted in tr-TR by `prepareChartOption` (the screen's
 * function) with the Turkish locale, animation off and the report's colour palette unless the
 * option sets its own colours; paper has no zoom slider.
 */
export function chartToSvg(
  chart: ResultChart,
  palette: readonly string[],
  width = CHART_WIDTH,
  height = CHART_HEIGHT,
): string {
  const instance = echarts.init(null, null, {
    renderer: 'svg',
    ssr: true,
    width,
    height,
    locale: 'TR',
  });
  try {
    // Paper has no zoom: the slider and the wheel zoom of the screen are left out.
    const option = prepareChartOption(chart.option);
    delete option['dataZoom'];
    instance.setOption({
      color: [...palette],
      textStyle: { fontFamily: 'Roboto' },
      ...option,
      animation: false,
    });
    return instance.renderToSVGString();
  } finally {
    instance.dispose();
  }
}
