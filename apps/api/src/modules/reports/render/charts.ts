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
/**
 * A legend laid out whole on paper, row by row (points): a row's height with the gap below it, an
 * entry's symbol and gaps, and a character of its name at the paper size (Roboto's widest digits
 * and capitals, so that an estimate errs towards one row too many, never towards a covered plot).
 */
const LEGEND_ROW_HEIGHT = 24;
const LEGEND_ENTRY_FRAME = 40;
const LEGEND_CHAR_WIDTH = 5;
const LEGEND_PADDING = 5;

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
      const labelled = isPart(part['label']) ? { ...part, label: paperText(part['label']) } : part;
      // Paper cannot drill into a treemap: no "▶" before a parent's name (Roboto has no such
      // glyph: it printed as a box) and no breadcrumb button under the plot.
      const out =
        part['type'] === 'treemap'
          ? { ...labelled, drillDownIcon: '', breadcrumb: { show: false } }
          : labelled;
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

/** The names a chart's legend lists: its own data, else its series' names. */
function legendNames(option: Part): string[] {
  const legend = option['legend'];
  if (!isPart(legend) || legend['show'] === false || legend['orient'] === 'vertical') return [];
  const named = (v: unknown): string =>
    typeof v === 'string' ? v : isPart(v) && typeof v['name'] === 'string' ? v['name'] : '';
  if (Array.isArray(legend['data'])) return legend['data'].map(named);
  const series = option['series'];
  return (Array.isArray(series) ? series : [series]).map(named).filter((n) => n !== '');
}

/**
 * Rows of a horizontal legend laid out whole across `width` points: on the screen it scrolls in
 * one row, on paper it wraps (thirty funds' RMD and limit lines made a dozen rows, drawn over the
 * plot until their height was kept free above it).
 */
export function paperLegendRows(option: Part, width = CHART_WIDTH): number {
  const names = legendNames(option);
  if (names.length === 0) return 0;
  let rows = 1;
  let used = 0;
  for (const name of names) {
    const entry = LEGEND_ENTRY_FRAME + LEGEND_CHAR_WIDTH * name.length;
    if (used > 0 && used + entry > width - 2 * LEGEND_PADDING) {
      rows += 1;
      used = 0;
    }
    used += entry;
  }
  return rows;
}

/** The height a legend's rows after the first add on paper (the layout keeps one row's band). */
function extraLegendHeight(option: Part, width: number): number {
  return Math.max(0, paperLegendRows(option, width) - 1) * LEGEND_ROW_HEIGHT;
}

/**
 * The height a chart takes on paper: a gauge is short, a horizontal bar chart as tall as its bars
 * need (a few bars do not fill a plot of a page's third), any other chart CHART_HEIGHT; a legend
 * of several rows adds theirs, so the plot keeps its height below it.
 */
export function paperChartHeight(chart: ResultChart, width = CHART_WIDTH): number {
  // The legend as drawn: the layout may have turned a chart round (fewer entries).
  return plotHeight(chart) + extraLegendHeight(prepareChartOption(chart.option), width);
}

function plotHeight(chart: ResultChart): number {
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
    // Paper cannot page a legend: a scrolling legend (with its "1/2" arrows) is laid out whole,
    // and the plot starts below its rows. Axis, legend and label text are set to the paper size:
    // ECharts' 12 px defaults of each component do not follow the global text style.
    const extra = extraLegendHeight(option, width);
    const grid = option['grid'];
    if (extra > 0 && isPart(grid) && typeof grid['top'] === 'number')
      option['grid'] = { ...grid, top: grid['top'] + extra };
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
    return haloUnderText(instance.renderToSVGString());
  } finally {
    instance.dispose();
  }
}

/**
 * ECharts draws a label's light halo as the text's own stroke under its fill (`paint-order=
 * "stroke"`); pdfmake's SVG reader ignores paint-order and strokes over the fill, which washed
 * labels out or hid them (a treemap's asset classes, dark text with a white halo, vanished). Each
 * such text becomes two: the halo alone, then the text alone on top.
 */
export function haloUnderText(svg: string): string {
  return svg.replace(
    /<text([^>]*?) paint-order="stroke"([^>]*)>([\s\S]*?)<\/text>/g,
    (_all, before: string, after: string, body: string) => {
      const attributes = `${before}${after}`;
      const halo = attributes
        .replace(/ fill-opacity="[^"]*"/g, '')
        .replace(/ fill="[^"]*"/g, '')
        .concat(' fill="none"');
      const text = attributes.replace(/ stroke(-[a-z]+)?="[^"]*"/g, '');
      return `<text${halo}>${body}</text><text${text}>${body}</text>`;
    },
  );
}
