import * as echarts from 'echarts';
import type { ResultChart } from '@fonrisk/contracts';

/** Size of a chart in the PDF (points); the SVG is drawn at this size and embedded as vectors. */
export const CHART_WIDTH = 515;
export const CHART_HEIGHT = 260;

/**
 * Renders a result's stored ECharts option to an SVG string on the server (ECharts SSR, no DOM):
 * the same option the result screen draws, with animation off and the report's colour palette
 * unless the option sets its own colours.
 */
export function chartToSvg(
  chart: ResultChart,
  palette: readonly string[],
  width = CHART_WIDTH,
  height = CHART_HEIGHT,
): string {
  const instance = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    instance.setOption({
      color: [...palette],
      textStyle: { fontFamily: 'Roboto' },
      ...chart.option,
      animation: false,
    });
    return instance.renderToSVGString();
  } finally {
    instance.dispose();
  }
}
