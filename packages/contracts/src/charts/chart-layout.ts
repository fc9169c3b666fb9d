// Layout rules every chart follows on the screen and in the PDF (decision 0058): a legend never
// covers an axis name or the plot, long category labels are shortened (the tooltip shows them
// whole) or rotated, mark-line labels are drawn in the small chart text.

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): Json[] => (Array.isArray(v) ? v : [v]).filter(isObject);

/** Widest category label (px) before it is shortened with "…"; its tooltip shows it whole. */
export const CATEGORY_LABEL_WIDTH = 150;
/**
 * Font size (px) of the label of a mark line (a limit or band line): smaller than the axis text
 * (ECharts' 12 px), so a band's name sits on its line without covering the series. The PDF draws
 * all chart text, these labels included, at its paper size (render/charts.ts).
 */
export const MARK_LINE_LABEL_FONT_SIZE = 10;
/**
 * Characters of category labels (count × longest) that an x axis of a half-width chart (~450 px
 * of plot, ~7 px a character) shows level, side by side; more are rotated.
 */
const LEVEL_LABEL_CHARS = 60;
/** Height of the legend band above the plot, and of an axis name above it (px). */
const LEGEND_BAND = 28;
const AXIS_NAME_BAND = 22;

const labelText = (v: unknown): string =>
  typeof v === 'string' ? v : isObject(v) && typeof v['value'] === 'string' ? v['value'] : '';

/** A category axis with long labels: shortened (y axis) or rotated and shortened (x axis). */
function fitCategoryAxis(axis: Json, horizontal: boolean): Json {
  if (axis['type'] !== 'category') return axis;
  const labels = Array.isArray(axis['data']) ? axis['data'].map(labelText) : [];
  const longest = Math.max(0, ...labels.map((l) => l.length));
  const label = isObject(axis['axisLabel']) ? axis['axisLabel'] : {};
  if (!horizontal) {
    return {
      ...axis,
      axisLabel: { width: CATEGORY_LABEL_WIDTH, overflow: 'truncate', ...label },
    };
  }
  // On the x axis many or long labels would run together: every label, rotated, shortened. Long
  // means more text than a half-width chart holds level (three issuers' names of some 30
  // characters ran into each other).
  const crowded = labels.length > 6 || labels.length * longest > LEVEL_LABEL_CHARS;
  if (crowded && longest > 10 && label['formatter'] === undefined) {
    return {
      ...axis,
      axisLabel: {
        interval: 0,
        rotate: 35,
        width: CATEGORY_LABEL_WIDTH * 0.8,
        overflow: 'truncate',
        ...label,
      },
    };
  }
  return axis;
}

/** A series whose mark-line labels are in the small chart text unless they set their own size. */
function fitMarkLineLabels(series: Json): Json {
  const markLine = series['markLine'];
  if (!isObject(markLine) || !Array.isArray(markLine['data'])) return series;
  const small = (label: unknown): Json => ({
    fontSize: MARK_LINE_LABEL_FONT_SIZE,
    ...(isObject(label) ? label : {}),
  });
  return {
    ...series,
    markLine: {
      ...markLine,
      label: small(markLine['label']),
      data: markLine['data'].map((d: unknown) =>
        isObject(d) && isObject(d['label']) ? { ...d, label: small(d['label']) } : d,
      ),
    },
  };
}

/**
 * The option laid out by the house rules: a horizontal legend is a scrolling band at the top and
 * the plot starts below it (and below the axis names drawn above the plot); a vertical legend
 * stays beside the plot; category labels fit (ECharts 6 keeps axis labels inside the chart box).
 */
export function fitChartLayout(option: Readonly<Record<string, unknown>>): Json {
  const out: Json = { ...option };
  const xAxes = list(option['xAxis']);
  const yAxes = list(option['yAxis']);
  if (option['xAxis'] !== undefined) {
    const fitted = xAxes.map((a) => fitCategoryAxis(a, true));
    out['xAxis'] = Array.isArray(option['xAxis']) ? fitted : fitted[0];
  }
  if (option['yAxis'] !== undefined) {
    const fitted = yAxes.map((a) => fitCategoryAxis(a, false));
    out['yAxis'] = Array.isArray(option['yAxis']) ? fitted : fitted[0];
  }
  if (option['series'] !== undefined) {
    const series = list(option['series']).map(fitMarkLineLabels);
    out['series'] = Array.isArray(option['series']) ? series : series[0];
  }
  const legend = isObject(option['legend']) ? option['legend'] : null;
  const hasGrid = xAxes.length > 0 || yAxes.length > 0;
  if (legend && legend['show'] !== false && legend['orient'] !== 'vertical') {
    out['legend'] = { ...legend, type: 'scroll', top: 0, left: 'center', right: undefined };
    if (hasGrid) {
      const named = yAxes.some((a) => typeof a['name'] === 'string' && a['name'] !== '');
      const grid = isObject(option['grid']) ? option['grid'] : {};
      const top = typeof grid['top'] === 'number' ? grid['top'] : 0;
      out['grid'] = {
        ...grid,
        top: Math.max(top, LEGEND_BAND + (named ? AXIS_NAME_BAND : 8)),
      };
    }
  }
  return out;
}
