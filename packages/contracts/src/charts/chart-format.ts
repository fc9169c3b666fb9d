// Chart conventions shared by the screen (apps/web EChart) and the PDF (apps/api chartToSvg),
// decision 0058. A chart option is plain JSON (stored in results, built by the option builders of
// this folder): it cannot hold formatter functions, so it declares the unit of a value with
// `fonriskFormat` where ECharts would take a formatter, and `turkishChartOption` turns every
// declaration, every '{value}' template and every axis, tooltip and cell left without one into a
// tr-TR formatter at render time. One function, used by both renderers.
import { fitChartLayout } from './chart-layout.ts';
import { formatDecimal, formatPercentPoints, isoToTurkishDate } from '../display-format.ts';

/**
 * The unit of a value a chart shows:
 * - `number`: 1.234.567,89 (`digits` fixed, else up to 4 decimals);
 * - `try`: an amount in TL, 1.234.568 TL (`digits` 0 unless told);
 * - `tryCompact`: an amount on an axis, 1,3 Mn / 40 Mn / 2,5 Mr / 250 B;
 * - `fraction`: a fraction as a percentage, 0.035 -> %3,5 (`digits` at most, 2 unless told);
 * - `points`: percentage points, 3.5 -> %3,5;
 * - `date`: an ISO date or an instant as 21.11.2026;
 * - `count`: a whole number, 1.250.
 */
export type ChartUnit = 'number' | 'try' | 'tryCompact' | 'fraction' | 'points' | 'date' | 'count';

export interface ChartFormat {
  readonly unit: ChartUnit;
  readonly digits?: number;
  /** Text after the value: ' gün'. */
  readonly suffix?: string;
}

/** The key a plain-JSON option uses to declare a value's unit (replaced by a formatter). */
export const CHART_FORMAT_KEY = 'fonriskFormat';

/** `{ fonriskFormat: { unit, digits } }`: spread into an axisLabel, tooltip, label, detail or dataZoom. */
export function chartFormat(unit: ChartUnit, digits?: number): { fonriskFormat: ChartFormat } {
  return { fonriskFormat: digits === undefined ? { unit } : { unit, digits } };
}

/** A tick or value in Turkish; -0, or a value that rounds to zero, without a sign (a tick at 0 is 0). */
function trNumber(value: number, minDigits: number, maxDigits: number): string {
  return formatDecimal(value, maxDigits, minDigits);
}

/** A percentage with the sign before the % sign: %3,5 and -%3,5 (the one style, decision 0060). */
function trPercent(points: number, digits: number): string {
  return formatPercentPoints(points, digits, 0);
}

/** An amount on an axis: 1.250.000 -> "1,3 Mn", 40.000.000 -> "40 Mn", 2,5e9 -> "2,5 Mr". */
function compactTry(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1e9) return `${trNumber(value / 1e9, 0, abs >= 1e10 ? 0 : 1)} Mr`;
  if (abs >= 1e6) return `${trNumber(value / 1e6, 0, abs >= 1e7 ? 0 : 1)} Mn`;
  if (abs >= 1e3) return `${trNumber(value / 1e3, 0, 0)} B`;
  return trNumber(value, 0, 0);
}

const DATE = new Intl.DateTimeFormat('tr-TR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'Europe/Istanbul',
});

/** 2026-11-21 -> 21.11.2026; an instant (ms or ISO time) in Istanbul time; other text unchanged. */
function trDate(value: string | number): string {
  if (typeof value === 'string' && ISO_DATE.test(value)) return isoToTurkishDate(value);
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : DATE.format(date);
}

/** One value in tr-TR as `format` declares (with its suffix); a missing value is '–'. */
export function formatChartValue(value: unknown, format: ChartFormat): string {
  const text = formatBare(value, format);
  return format.suffix === undefined || text === '–' ? text : `${text}${format.suffix}`;
}

function formatBare(value: unknown, format: ChartFormat): string {
  if (format.unit === 'date' && (typeof value === 'string' || typeof value === 'number'))
    return trDate(value);
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return typeof value === 'string' ? value : '–';
  const d = format.digits;
  switch (format.unit) {
    case 'number':
      return d === undefined ? trNumber(n, 0, 4) : trNumber(n, d, d);
    case 'try':
      return `${trNumber(n, d ?? 0, d ?? 0)} TL`;
    case 'tryCompact':
      return compactTry(n);
    case 'fraction':
      return trPercent(n * 100, d ?? 2);
    case 'points':
      return trPercent(n, d ?? 2);
    case 'count':
      return trNumber(n, 0, 0);
    case 'date':
      return trDate(n);
  }
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const NUMBER: ChartFormat = { unit: 'number' };
const DATE_FORMAT: ChartFormat = { unit: 'date' };

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): Json[] => (Array.isArray(v) ? v : [v]).filter(isObject);
/** The value a label or tooltip shows: the last dimension of [x, y] data. */
const shownValue = (v: unknown): unknown => (Array.isArray(v) ? v[v.length - 1] : v);

/** `{ fonriskFormat }` of an object, if it declares one. */
function declared(o: Json): ChartFormat | null {
  const f = o[CHART_FORMAT_KEY];
  return isObject(f) && typeof f['unit'] === 'string' ? (f as unknown as ChartFormat) : null;
}

/** A copy of `o` without the declaration key. */
function without(o: Json): Json {
  const rest = { ...o };
  delete rest['fonriskFormat'];
  return rest;
}

/** An ECharts '{value} %' template as a function: the value in tr-TR, the text around it kept. */
function templateFormatter(template: string): (v: unknown) => string {
  const percentAfter = /^\{value\}\s*%$/.test(template.trim());
  return (v) =>
    percentAfter
      ? formatChartValue(v, { unit: 'points' })
      : template.replace('{value}', formatChartValue(v, NUMBER));
}

/** The format of an axis's values: declared on its axisLabel, else dates or numbers by its data. */
function axisFormat(axis: Json): ChartFormat | null {
  const label = isObject(axis['axisLabel']) ? axis['axisLabel'] : {};
  const own = declared(label);
  if (own) return own;
  if (axis['type'] === 'time') return null;
  if (axis['type'] === 'category') {
    const data = Array.isArray(axis['data']) ? axis['data'] : [];
    return data.some((d) => typeof d === 'string' && ISO_DATE.test(d)) ? DATE_FORMAT : null;
  }
  return NUMBER;
}

function turkishAxis(axis: Json): Json {
  const format = axisFormat(axis);
  const label = isObject(axis['axisLabel']) ? axis['axisLabel'] : {};
  const template = label['formatter'];
  let formatter: unknown = template;
  if (typeof template === 'string' && template.includes('{value}'))
    formatter = templateFormatter(template);
  else if (template === undefined && format)
    formatter = (v: unknown) => formatChartValue(v, format);
  const pointerFormat = format ?? (axis['type'] === 'time' ? DATE_FORMAT : null);
  return {
    ...axis,
    axisLabel: { ...without(label), ...(formatter === undefined ? {} : { formatter }) },
    ...(pointerFormat
      ? {
          axisPointer: {
            ...(isObject(axis['axisPointer']) ? axis['axisPointer'] : {}),
            label: {
              formatter: (p: { value: unknown }) => formatChartValue(p.value, pointerFormat),
            },
          },
        }
      : {}),
  };
}

function turkishTooltip(tooltip: Json, fallback: ChartFormat): Json {
  if (typeof tooltip['formatter'] === 'function' || typeof tooltip['valueFormatter'] === 'function')
    return tooltip;
  const format = declared(tooltip) ?? fallback;
  return {
    ...without(tooltip),
    valueFormatter: (v: unknown) =>
      Array.isArray(v)
        ? v.map((x) => formatChartValue(x, format)).join(' · ')
        : formatChartValue(v, format),
  };
}

function turkishLabel(label: Json, fallback: ChartFormat | null): Json {
  if (label['formatter'] !== undefined) return label;
  const format = declared(label) ?? fallback;
  if (!format) return label;
  return {
    ...without(label),
    formatter: (p: { value: unknown }) => formatChartValue(shownValue(p.value), format),
  };
}

function turkishSeries(series: Json): Json {
  const out: Json = { ...series };
  const heatmap = series['type'] === 'heatmap';
  if (isObject(series['label']))
    out['label'] = turkishLabel(series['label'], heatmap ? NUMBER : null);
  if (isObject(series['tooltip']))
    out['tooltip'] = turkishTooltip(series['tooltip'], declared(series['tooltip']) ?? NUMBER);
  if (isObject(series['detail'])) {
    const detail = series['detail'];
    const format = declared(detail);
    if (format) {
      out['detail'] = {
        ...without(detail),
        formatter: (v: unknown) => formatChartValue(v, format),
      };
    }
  }
  if (isObject(series['axisLabel'])) {
    const format = declared(series['axisLabel']);
    if (format)
      out['axisLabel'] = {
        ...without(series['axisLabel']),
        formatter: (v: unknown) => formatChartValue(v, format),
      };
  }
  if (isObject(series['markLine']) && Array.isArray(series['markLine']['data'])) {
    out['markLine'] = {
      ...series['markLine'],
      data: series['markLine']['data'].map((d: unknown) =>
        isObject(d) && isObject(d['label']) ? { ...d, label: turkishLabel(d['label'], null) } : d,
      ),
    };
  }
  return out;
}

/** The axis every dataZoom slider moves along (the first x axis unless told). */
function turkishDataZoom(zoom: Json, xAxes: Json[]): Json {
  if (zoom['type'] !== 'slider' || typeof zoom['labelFormatter'] === 'function') return zoom;
  const axis = xAxes[typeof zoom['xAxisIndex'] === 'number' ? zoom['xAxisIndex'] : 0];
  const format =
    declared(zoom) ??
    (axis ? axisFormat(axis) : null) ??
    (axis?.['type'] === 'time' ? DATE_FORMAT : NUMBER);
  return {
    ...without(zoom),
    // A category axis passes the index and the category; a value or time axis passes the value.
    labelFormatter: (value: unknown, text: unknown) =>
      formatChartValue(axis?.['type'] === 'category' ? text : value, format),
  };
}

/**
 * The option with tr-TR formatters, as the screen and the PDF draw it: every axis label (numbers
 * as 40.000.000, declared units as %3,5 or 1,3 Mn, ISO category dates as 21.11.2026; a time axis
 * keeps ECharts' month names, Turkish with the 'TR' locale), every axis pointer and tooltip, every
 * heatmap cell and every declared label. Formatters the option already holds are kept.
 */
export function turkishChartOption(option: Readonly<Record<string, unknown>>): Json {
  const out: Json = { ...option };
  const axes = (key: 'xAxis' | 'yAxis') => {
    const v = option[key];
    if (v === undefined) return;
    out[key] = Array.isArray(v) ? list(v).map(turkishAxis) : isObject(v) ? turkishAxis(v) : v;
  };
  axes('xAxis');
  axes('yAxis');
  const xAxes = list(out['xAxis']);
  const yAxes = list(out['yAxis']);
  const valueAxis = [...yAxes, ...xAxes].find((a) => a['type'] === 'value');
  const tooltipFallback = (valueAxis ? axisFormat(valueAxis) : null) ?? NUMBER;
  if (isObject(option['tooltip']))
    out['tooltip'] = turkishTooltip(option['tooltip'], tooltipFallback);
  if (option['series'] !== undefined) out['series'] = list(option['series']).map(turkishSeries);
  if (option['dataZoom'] !== undefined)
    out['dataZoom'] = list(option['dataZoom']).map((z) => turkishDataZoom(z, xAxes));
  if (option['visualMap'] !== undefined) {
    out['visualMap'] = list(option['visualMap']).map((v) =>
      typeof v['formatter'] === 'function'
        ? v
        : {
            ...without(v),
            formatter: (x: unknown) => formatChartValue(x, declared(v) ?? NUMBER),
          },
    );
  }
  return out;
}

/**
 * What the screen and the PDF hand to ECharts: the option laid out by the house rules
 * (`fitChartLayout`) with tr-TR formatters (`turkishChartOption`).
 */
export function prepareChartOption(option: Readonly<Record<string, unknown>>): Json {
  return turkishChartOption(fitChartLayout(option));
}
