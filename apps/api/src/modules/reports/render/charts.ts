import { createRequire } from 'node:module';
import type * as Echarts from 'echarts';
import { prepareChartOption, type ResultChart } from '@fonrisk/contracts';

/** Size of a chart in the PDF (points); the SVG is drawn at this size and embedded as vectors. */
export const CHART_WIDTH = 515;
export const CHART_HEIGHT = 230;
/** A gauge needs less height than a plot; a horizontal bar chart this much per bar (points). */
export const GAUGE_HEIGHT = 180;
const BAR_ROW_HEIGHT = 24;
const BAR_CHART_FRAME = 60;
const BAR_CHART_MIN_HEIGHT = 110;

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
    case 'series': {
      const out = isPart(part['label']) ? { ...part, label: paperText(part['label']) } : part;
      const markLine = part['markLine'];
      return isPart(markLine) && Array.isArray(markLine['data'])
        ? { ...out, markLine: paperMarkLine(markLine) }
        : out;
    }
  }
}

/**
 * A mark line's labels at the paper size: the layout's small screen text (MARK_LINE_LABEL_FONT_SIZE,
 * chart-layout.ts) is one rule with the axis text, which paper draws at PAPER_FONT_SIZE.
 */
function paperMarkLine(markLine: Part): Part {
  const paper = (label: unknown): Part => ({
    ...(isPart(label) ? label : {}),
    fontSize: PAPER_FONT_SIZE,
  });
  return {
    ...markLine,
    label: paper(markLine['label']),
    data: (markLine['data'] as unknown[]).map((d) =>
      isPart(d) && isPart(d['label']) ? { ...d, label: paper(d['label']) } : d,
    ),
  };
}

/**
 * The height a chart takes on paper: a gauge is short, a horizontal bar chart as tall as its bars
 * need (a few bars do not fill a plot of a page's third), any other chart CHART_HEIGHT.
 */
export function paperChartHeight(chart: ResultChart): number {
  const first = (v: unknown): Part | undefined =>
    (Array.isArray(v) ? (v as unknown[])[0] : v) as Part | undefined;
  const series = first(chart.option['series']);
  if (isPart(series) && series['type'] === 'gauge') return GAUGE_HEIGHT;
  const yAxis = first(chart.option['yAxis']);
  if (isPart(yAxis) && yAxis['type'] === 'category' && Array.isArray(yAxis['data'])) {
    const bars = BAR_CHART_FRAME + BAR_ROW_HEIGHT * yAxis['data'].length;
    return Math.min(CHART_HEIGHT, Math.max(BAR_CHART_MIN_HEIGHT, bars));
  }
  return CHART_HEIGHT;
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
