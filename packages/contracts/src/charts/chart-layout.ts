// Layout rules every chart follows on the screen and in the PDF (decision 0058): a legend never
// covers an axis name or the plot, long category labels are shortened (the tooltip shows them
// whole) or rotated, mark-line labels are drawn in the small chart text. A large house's run of
// many funds keeps them readable (decision 0131): too many category labels are thinned, point
// labels that would overlap are left out, a date axis never ticks in hours, and no chart draws
// ECharts' own download icon (its panel has the PNG button; paper has none). Bubbles and their
// labels stay inside the plot, and axis labels keep out of a heat map's colour scale.

import { isIsoDate } from '../market-values.ts';
import { CHART_PALETTE } from './chart-palette.ts';

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
/**
 * Category labels an x axis draws every one of, rotated: a half-width chart's plot (340-450 px)
 * holds some twenty labels of the 12 px axis text turned upright. More (a run of a hundred funds)
 * are drawn upright with ECharts' own interval, which leaves out the labels that would overlap;
 * the tooltip names every bar, and the table beside the chart lists every row.
 */
const ROTATED_LABELS_MAX = 20;
/** Series a legend tells apart, one colour of the palette each; more repeat its colours. */
const LEGEND_SERIES_MAX = CHART_PALETTE.length;
/** One day (ms): the least step of a date axis, whose series are daily. */
const DAY_MS = 86_400_000;
/** Height of the legend band above the plot, and of an axis name above it (px). */
const LEGEND_BAND = 28;
const AXIS_NAME_BAND = 22;
/**
 * Height (px) of a horizontal visual map at the chart's foot (a heat map's colour scale, 20 px,
 * with the values of its handles above it, measured at 57 px): the axis labels keep above it.
 */
const VISUAL_MAP_BAND = 64;
/**
 * Room beyond the highest labelled point of a scatter, as a share of the axis's span from zero
 * (or from the lowest point below it): a bubble of some 20 px radius and its fund code above it
 * stay inside the plot, not over the axis name.
 */
const POINT_LABEL_ROOM = 0.2;
/** Room right of the rightmost bubble (a share of the span): it is not cut at the plot's edge. */
const POINT_RIGHT_ROOM = 0.08;

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
  // characters ran into each other; a hundred fund codes of five characters ran into one line).
  // Dates and other formatted labels are left to ECharts, which thins a level axis itself (a
  // year of daily dates); names and codes, often drawn every one (`interval: 0`), are not.
  const formatted = label['fonriskFormat'] !== undefined || labels.some(isIsoDate);
  const wide = labels.length * longest > LEVEL_LABEL_CHARS;
  const crowded = labels.length > 6 || wide;
  const tooWide = !formatted && wide;
  if (!((crowded && longest > 10) || tooWide) || label['formatter'] !== undefined) return axis;
  const many = labels.length > ROTATED_LABELS_MAX;
  return {
    ...axis,
    axisLabel: {
      interval: 0,
      rotate: many ? 90 : 35,
      width: CATEGORY_LABEL_WIDTH * 0.8,
      overflow: 'truncate',
      ...label,
      // Too many to draw each one, whatever the option asked: overlapping labels are unreadable.
      ...(many ? { rotate: 90, interval: 'auto' } : {}),
    },
  };
}

/**
 * Grouped bars with more series than the palette has colours and than the axis has categories
 * (a hundred funds' shares in five liquidity buckets: five hundred bars, a legend of a hundred
 * entries repeating ten colours) are drawn the other way round: the funds along the axis, where
 * labels are thinned to fit, and the few categories as the series the legend tells apart. Only
 * plain grouped bars (no stack, one category x axis, a value per category) turn; the values are
 * the same.
 */
function transposeCrowdedBars(option: Json): Json {
  const series = option['series'];
  const xAxis = option['xAxis'];
  if (!Array.isArray(series) || series.length <= LEGEND_SERIES_MAX) return option;
  if (!isObject(xAxis) || xAxis['type'] !== 'category' || !Array.isArray(xAxis['data']))
    return option;
  const categories = xAxis['data'].map(labelText);
  const yAxis = option['yAxis'];
  if (series.length <= categories.length || !isObject(yAxis) || yAxis['type'] === 'category')
    return option;
  const bars = series.filter(isObject);
  const plain = bars.every(
    (s) =>
      s['type'] === 'bar' &&
      s['stack'] === undefined &&
      typeof s['name'] === 'string' &&
      Array.isArray(s['data']) &&
      s['data'].length === categories.length &&
      s['data'].every((v: unknown) => v === null || typeof v === 'number'),
  );
  if (bars.length !== series.length || !plain) return option;
  // The first series' look (bar width...) for each new series; its name and values are replaced.
  const template: Json = { ...bars[0]! };
  delete template['name'];
  delete template['data'];
  const legend = option['legend'];
  return {
    ...option,
    xAxis: { ...xAxis, data: bars.map((s) => s['name']) },
    series: categories.map((category, j) => ({
      ...template,
      name: category,
      data: bars.map((s) => (s['data'] as (number | null)[])[j] ?? null),
    })),
    ...(isObject(legend) ? { legend: { ...legend, data: categories } } : {}),
  };
}

/**
 * A date axis of daily series: it steps by a day at least (ECharts ticked a single day's data in
 * hours, "06:00"), and a label that would overlap its neighbour is left out (a month's name beside
 * the last weekly day of the month before ran into it: "29Eki").
 */
function fitTimeAxis(axis: Json): Json {
  if (axis['type'] !== 'time') return axis;
  const label = isObject(axis['axisLabel']) ? axis['axisLabel'] : {};
  return {
    ...axis,
    minInterval: axis['minInterval'] ?? DAY_MS,
    axisLabel: { hideOverlap: true, ...label },
  };
}

/**
 * A series laid out: its mark-line labels in the small chart text unless they set their own size,
 * and its point labels (a bubble's fund code) left out where they would overlap one another and
 * haloed on a scatter; a line of a single point shows it.
 */
function fitSeries(series: Json): Json {
  const label = series['label'];
  const shown = isObject(label) && label['show'] === true;
  let out =
    shown && series['labelLayout'] === undefined
      ? { ...series, labelLayout: { hideOverlap: true } }
      : series;
  // A fund's code above its bubble often lies on a neighbour's bubble: a white halo keeps it
  // readable there (the PDF draws the halo under the text, render/charts.ts).
  if (shown && series['type'] === 'scatter')
    out = { ...out, label: { textBorderColor: '#fff', textBorderWidth: 2, ...label } };
  // A line of one point (a bond's market price on its price-yield curve) is its symbol or
  // nothing: its legend entry named a mark that was not drawn.
  const data = series['data'];
  if (series['type'] === 'line' && series['showSymbol'] === false && Array.isArray(data))
    if (data.filter((d) => d !== null && d !== undefined).length === 1)
      out = { ...out, showSymbol: true, symbolSize: out['symbolSize'] ?? 9 };
  return fitMarkLineLabels(out);
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

/** Whether a series draws a label at each point (a scatter's fund codes). */
const labelledScatter = (series: unknown): boolean =>
  list(series).some(
    (s) => s['type'] === 'scatter' && isObject(s['label']) && s['label']['show'] === true,
  );

/**
 * A value axis of labelled points with room at its far end (`room`: a share of its span from
 * zero or from the lowest point) unless the option bounds it: ECharts ended the axis at the nice
 * value just above the largest point, and its bubble and label ran over the plot's edge and the
 * axis name (a gap of ECharts' own, `boundaryGap`, is a share of the points' spread: none for a
 * cluster). The near end is ECharts' (a volatility axis from 0 stays from 0); ticks stay at
 * ECharts' nice steps, the axis line runs on past the last one, unlabelled.
 */
function roomForPoints(axis: Json, room: number): Json {
  if (axis['type'] !== 'value' || axis['max'] !== undefined) return axis;
  const max = (extent: { min: number; max: number }): number =>
    extent.max + (extent.max - Math.min(0, extent.min)) * room;
  const label = isObject(axis['axisLabel']) ? axis['axisLabel'] : {};
  // The end itself is no tick: ECharts labelled it ("69,492").
  return { ...axis, max, axisLabel: { ...label, showMaxLabel: false } };
}

/**
 * The option laid out by the house rules: a horizontal legend is a scrolling band at the top and
 * the plot starts below it (and below the axis names drawn above the plot); a vertical legend
 * stays beside the plot; category labels fit (ECharts 6 keeps axis labels inside the chart box);
 * point labels do not overlap, and labelled points have room at the axes' far ends; a date x
 * axis steps by days at least; no toolbox; grouped bars of more series than colours turn round;
 * the axis labels end above a colour scale at the foot.
 */
export function fitChartLayout(given: Readonly<Record<string, unknown>>): Json {
  const option = transposeCrowdedBars(given);
  const out: Json = { ...option };
  delete out['toolbox'];
  const xAxes = list(option['xAxis']);
  const yAxes = list(option['yAxis']);
  const points = labelledScatter(option['series']);
  if (option['xAxis'] !== undefined) {
    const fitted = xAxes.map((a) => {
      const fit = fitTimeAxis(fitCategoryAxis(a, true));
      return points ? roomForPoints(fit, POINT_RIGHT_ROOM) : fit;
    });
    out['xAxis'] = Array.isArray(option['xAxis']) ? fitted : fitted[0];
  }
  // A value y axis over a value x axis stays at the plot's left edge: ECharts drew its line and
  // ticks through the middle of a price-yield curve whose yields crossed zero, its labels at
  // the edge. (A category axis over values, the active share's bars, stays on zero.)
  const overValues = xAxes.some((a) => a['type'] === 'value');
  if (option['yAxis'] !== undefined) {
    const fitted = yAxes.map((a) => {
      let fit = fitCategoryAxis(a, false);
      if (overValues && fit['type'] === 'value') {
        const line = isObject(fit['axisLine']) ? fit['axisLine'] : {};
        fit = { ...fit, axisLine: { onZero: false, ...line } };
      }
      return points ? roomForPoints(fit, POINT_LABEL_ROOM) : fit;
    });
    out['yAxis'] = Array.isArray(option['yAxis']) ? fitted : fitted[0];
  }
  if (option['series'] !== undefined) {
    const series = list(option['series']).map(fitSeries);
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
  // A heat map's colour scale at the foot: the x labels (a hundred fund codes upright) end above
  // it. ECharts 6 shrinks the plot until the axis labels fit the grid's outer bounds.
  const footScale = list(option['visualMap']).some(
    (v) => v['orient'] === 'horizontal' && v['show'] !== false && v['top'] === undefined,
  );
  if (footScale && hasGrid) {
    const grid = isObject(out['grid']) ? out['grid'] : {};
    out['grid'] = {
      ...grid,
      outerBounds: { left: 0, right: 0, top: 0, bottom: VISUAL_MAP_BAND },
    };
  }
  return out;
}
