import { createRequire } from 'node:module';
import type * as Echarts from 'echarts';
import { prepareChartOption, type ResultChart } from '@fonrisk/contracts';

/** Size of a chart in the PDF (points); the SVG is drawn at this size and embedded as vectors. */
export const CHART_WIDTH = 515;
export const CHART_HEIGHT = 260;

const require = createRequire(import.meta.url);
let loaded: typeof Echarts | null = null;

/**
 * ECharts with its own Turkish locale registered (month names on time axes: "Eki", "Kas";
 * decision 0058), loaded at the first chart drawn. It is the package's CommonJS bundle
 * (`dist/echarts.js`, one file) and its CommonJS locale object (`i18n/langTR-obj.js`), not its ES
 * modules: those are about 600 files, and every process that imports the reports module (the API,
 * the worker process started through tsx) loaded each of them at start, seconds on a loaded
 * machine for charts most starts never draw (decision 0066).
 */
function echartsTR(): typeof Echarts {
  if (loaded) return loaded;
  const echarts = require('echarts') as typeof Echarts;
  const turkish = require('echarts/i18n/langTR-obj.js') as Parameters<
    typeof Echarts.registerLocale
  >[1];
  echarts.registerLocale('TR', turkish);
  loaded = echarts;
  return echarts;
}

/** Chart text on paper (points), near the report's body text. */
export const PAPER_FONT_SIZE = 8;

type Part = Record<string, unknown>;
const isPart = (v: unknown): v is Part => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A text style with the paper font size unless the option set its own. */
function paperText(style: unknown): Part {
  const own = isPart(style) ? style : {};
  return { fontSize: PAPER_FONT_SIZE, ...own };
}

/** One legend, axis or series of an option as drawn on paper. */
function onPaper(key: 'legend' | 'xAxis' | 'yAxis' | 'series', part: unknown): unknown {
  if (!isPart(part)) return part;
  switch (key) {
    case 'legend':
      return { ...part, type: 'plain', textStyle: paperText(part['textStyle']) };
    case 'xAxis':
    case 'yAxis':
      return {
        ...part,
        axisLabel: paperText(part['axisLabel']),
        nameTextStyle: paperText(part['nameTextStyle']),
      };
    case 'series':
      return isPart(part['label']) ? { ...part, label: paperText(part['label']) } : part;
  }
}

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
  const instance = echartsTR().init(null, null, {
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
    // Paper cannot page a legend: a scrolling legend (with its "1/2" arrows) is laid out whole.
    // Axis, legend and label text are set to the paper size: ECharts' 12 px defaults of each
    // component do not follow the global text style.
    for (const key of ['legend', 'xAxis', 'yAxis', 'series'] as const) {
      const part = option[key];
      if (part !== undefined)
        option[key] = Array.isArray(part)
          ? part.map((p: unknown) => onPaper(key, p))
          : onPaper(key, part);
    }
    instance.setOption({
      color: [...palette],
      // The report's body text is 8-9 pt: chart text of the screen's 12 px would dwarf it.
      textStyle: { fontFamily: 'Roboto', fontSize: PAPER_FONT_SIZE },
      ...option,
      animation: false,
    });
    return instance.renderToSVGString();
  } finally {
    instance.dispose();
  }
}
