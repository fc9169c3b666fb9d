// The option builders of the analysis charts: plain JSON (decision 0058), so that the result
// screen (apps/web) and the report's PDF section (apps/api) draw the same option from the same
// result. Values declare their unit (`chartFormat`); `prepareChartOption` formats them in tr-TR.
import { chartFormat, formatChartValue, type ChartFormat } from './chart-format.ts';
import {
  CHART_PALETTE,
  GAIN_COLOR_LIGHT,
  LOSS_COLOR,
  LOSS_COLOR_LIGHT,
  STATUS_COLORS,
  signColor,
} from './chart-palette.ts';

export type ChartOption = Record<string, unknown>;

/** Turkish texts inside the charts. */
export const CHART_TEXTS = {
  pnlAxis: 'Kâr / Zarar (TL)',
  countAxis: 'Senaryo sayısı',
  histogramBin: (from: string, to: string, count: number): string =>
    `${from} – ${to} TL<br/>${String(count)} senaryo`,
} as const;

const format = (f: ChartFormat) => ({ fonriskFormat: f });

export interface LabelledValue {
  readonly label: string;
  readonly value: number;
}

/**
 * Horizontal bars, largest at the top (breakdowns, scenarios). With `signed` the bars are P&L:
 * losses in the loss colour, gains in the gain colour; otherwise every bar is the first colour.
 * Long labels are shortened on the axis; the tooltip names them whole.
 */
export function horizontalBarOption(
  items: readonly LabelledValue[],
  value: ChartFormat,
  options: { axis?: ChartFormat; signed?: boolean } = {},
): ChartOption {
  const sorted = [...items].sort((a, b) => a.value - b.value);
  return {
    animation: false,
    color: [...CHART_PALETTE],
    grid: { left: 8, right: 96, top: 8, bottom: 8 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, ...format(value) },
    xAxis: {
      type: 'value',
      splitNumber: 3,
      axisLabel: format(options.axis ?? { unit: 'tryCompact' }),
    },
    yAxis: { type: 'category', data: sorted.map((i) => i.label) },
    series: [
      {
        type: 'bar',
        data: sorted.map((i) => ({
          value: i.value,
          itemStyle: { color: options.signed ? signColor(i.value) : CHART_PALETTE[0] },
        })),
        barMaxWidth: 22,
        // Right of the bar (for a loss: beside zero), never over the category labels.
        label: { show: true, position: 'right', ...format(value) },
      },
    ],
  };
}

/** A doughnut of shares (positive parts only: a hedge with a negative value is left out). */
export function doughnutOption(items: readonly LabelledValue[], value: ChartFormat): ChartOption {
  const parts = items.filter((i) => i.value > 0);
  const total = parts.reduce((s, i) => s + i.value, 0);
  return {
    animation: false,
    color: [...CHART_PALETTE],
    tooltip: { trigger: 'item' },
    legend: {
      type: 'scroll',
      orient: 'vertical',
      right: 0,
      top: 'middle',
      textStyle: { width: 130, overflow: 'truncate' },
      tooltip: { show: true },
    },
    series: [
      {
        type: 'pie',
        radius: ['40%', '68%'],
        center: ['32%', '50%'],
        label: { show: false },
        data: parts.map((i) => ({
          name: i.label,
          value: i.value,
          tooltip: {
            formatter: `${i.label}<br/>${formatChartValue(i.value, value)} (${formatChartValue(i.value / total, { unit: 'fraction', digits: 1 })})`,
          },
        })),
      },
    ],
  };
}

export interface HistogramInput {
  readonly bins: readonly { from: number; to: number; count: number }[];
  /** −VaR on the P&L axis (TRY). */
  readonly varLineTry: number;
  readonly esLineTry: number;
}

/** The P&L distribution with the −VaR and −ES lines; bins in the loss tail in the loss colour. */
export function histogramOption(h: HistogramInput, varLabel: string, esLabel: string): ChartOption {
  // Each line's label along the line, inside the plot: −ES on the left of its line, −RMD on the
  // right of its own (−ES never lies right of −RMD), so the two never cover each other however
  // close the lines are; above the plot they ran together and into the count axis's name.
  const lineAt = (x: number, name: string, color: string, side: 'left' | 'right') => ({
    name,
    xAxis: x,
    lineStyle: { color, width: 2, type: 'dashed' },
    label: {
      formatter: `${name} ${formatChartValue(x, { unit: 'tryCompact' })}`,
      color,
      position: side === 'left' ? 'insideEndTop' : 'insideEndBottom',
    },
  });
  return {
    animation: false,
    grid: { left: 56, right: 32, top: 48, bottom: 40 },
    tooltip: { trigger: 'item' },
    xAxis: {
      type: 'value',
      min: h.bins[0]?.from,
      max: h.bins[h.bins.length - 1]?.to,
      axisLabel: format({ unit: 'tryCompact' }),
      name: CHART_TEXTS.pnlAxis,
      nameLocation: 'middle',
      nameGap: 26,
    },
    yAxis: { type: 'value', name: CHART_TEXTS.countAxis, axisLabel: format({ unit: 'count' }) },
    series: [
      {
        type: 'bar',
        barWidth: '98%',
        barCategoryGap: 0,
        data: h.bins.map((b) => ({
          value: [(b.from + b.to) / 2, b.count],
          itemStyle: { color: b.to <= h.varLineTry ? LOSS_COLOR_LIGHT : GAIN_COLOR_LIGHT },
          tooltip: {
            formatter: CHART_TEXTS.histogramBin(
              formatChartValue(b.from, { unit: 'number', digits: 0 }),
              formatChartValue(b.to, { unit: 'number', digits: 0 }),
              b.count,
            ),
          },
        })),
        markLine: {
          symbol: 'none',
          data: [
            lineAt(h.varLineTry, varLabel, '#c92a2a', 'right'),
            lineAt(h.esLineTry, esLabel, '#862e9c', 'left'),
          ],
        },
      },
    ],
  };
}

/** The limit usage gauge: green up to the warning threshold, amber to the limit, red beyond. */
export function usageGaugeOption(usage: number | null, warningFraction: number): ChartOption {
  // The scale ends at %120 or, for a usage beyond %110, at the next multiple of %40 past it: its
  // four parts are then whole numbers (%0, %40, %80...), not %32,5 steps to %130.
  // (A usage of 1.1 is 110.00000000000001 points in doubles: not past %120.)
  const maxPct = Math.max(120, Math.ceil(((usage ?? 0) * 100 + 10) / 40 - 1e-9) * 40);
  const max = maxPct / 100;
  return {
    animation: false,
    series: [
      {
        type: 'gauge',
        min: 0,
        max: maxPct,
        radius: '95%',
        center: ['50%', '60%'],
        startAngle: 200,
        endAngle: -20,
        splitNumber: 4,
        axisLine: {
          lineStyle: {
            width: 14,
            color: [
              [warningFraction / max, STATUS_COLORS.ok],
              [1 / max, STATUS_COLORS.warning],
              [1, STATUS_COLORS.breach],
            ],
          },
        },
        pointer: { width: 5, length: '60%' },
        axisTick: { show: false },
        splitLine: { length: 10, lineStyle: { width: 1, color: '#fff' } },
        axisLabel: { distance: 18, fontSize: 10, ...chartFormat('points', 0) },
        detail: {
          valueAnimation: false,
          fontSize: 20,
          offsetCenter: [0, '35%'],
          ...(usage === null ? { formatter: '–' } : chartFormat('points', 1)),
        },
        data: [{ value: usage === null ? 0 : usage * 100 }],
      },
    ],
  };
}

export interface BacktestChartPoint {
  readonly date: string;
  readonly varTry: number;
  readonly pnlTry: number | null;
  readonly exception: boolean | null;
}

/** A zoom slider under a dated category axis (mouse wheel inside). */
const DATED_ZOOM = [
  { type: 'inside' },
  { type: 'slider', height: 18, bottom: 8, ...chartFormat('date') },
];

/** Daily P&L bars (losses in the loss colour) against the −VaR line, exceptions as diamonds. */
export function backtestOption(
  points: readonly BacktestChartPoint[],
  names: { pnl: string; var: string; exceptions: string },
): ChartOption {
  return {
    animation: false,
    grid: { left: 72, right: 24, top: 36, bottom: 64 },
    legend: { top: 0 },
    tooltip: { trigger: 'axis', ...chartFormat('try') },
    xAxis: { type: 'category', data: points.map((p) => p.date), axisLabel: chartFormat('date') },
    yAxis: { type: 'value', axisLabel: chartFormat('tryCompact') },
    dataZoom: DATED_ZOOM,
    series: [
      {
        name: names.pnl,
        type: 'bar',
        data: points.map((p) =>
          p.pnlTry === null
            ? null
            : { value: p.pnlTry, itemStyle: { color: signColor(p.pnlTry, true) } },
        ),
        itemStyle: { color: GAIN_COLOR_LIGHT },
        barMaxWidth: 6,
      },
      {
        name: names.var,
        type: 'line',
        data: points.map((p) => -p.varTry),
        showSymbol: false,
        lineStyle: { color: '#c92a2a', width: 1.8 },
        itemStyle: { color: '#c92a2a' },
      },
      {
        name: names.exceptions,
        type: 'scatter',
        symbol: 'diamond',
        symbolSize: 11,
        itemStyle: { color: LOSS_COLOR, borderColor: '#fff', borderWidth: 1 },
        data: points.map((p) => (p.exception ? p.pnlTry : null)),
        z: 5,
      },
    ],
  };
}

/** The Basel traffic-light zone of a backtest: the exceptions against the expected count. */
export function trafficLightOption(input: {
  readonly zone: 'green' | 'yellow' | 'red';
  readonly zoneLabel: string;
  readonly exceptions: number;
  readonly expected: number;
  readonly names: { readonly exceptions: string; readonly expected: string };
}): ChartOption {
  const color = {
    green: STATUS_COLORS.ok,
    yellow: STATUS_COLORS.warning,
    red: STATUS_COLORS.breach,
  }[input.zone];
  return {
    animation: false,
    grid: { left: 8, right: 120, top: 16, bottom: 8 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, ...chartFormat('number', 1) },
    xAxis: { type: 'value', minInterval: 1, axisLabel: chartFormat('count') },
    yAxis: { type: 'category', data: [input.names.exceptions, input.names.expected] },
    series: [
      {
        type: 'bar',
        barMaxWidth: 26,
        data: [
          { value: input.exceptions, itemStyle: { color } },
          { value: input.expected, itemStyle: { color: STATUS_COLORS.noLimit } },
        ],
        label: { show: true, position: 'right', ...chartFormat('number', 1) },
        markLine: {
          symbol: 'none',
          data: [
            {
              xAxis: input.exceptions,
              lineStyle: { color, width: 0 },
              label: { formatter: input.zoneLabel, color, fontWeight: 'bold', position: 'end' },
            },
          ],
        },
      },
    ],
  };
}

export interface DatedLine {
  readonly name: string;
  /** [ISO date, value] in date order; null: no value that day. */
  readonly points: readonly (readonly [string, number | null])[];
  readonly dashed?: boolean;
  readonly color?: string;
}

/**
 * Dated lines: dates as 21.11.2026 on the axis and the zoom slider, values in `value` units on the
 * axis and in the tooltip. The x axis is the union of the lines' dates; a line without a value on
 * a date is bridged. A legend is shown when there is more than one line.
 */
export function datedLinesOption(lines: readonly DatedLine[], value: ChartFormat): ChartOption {
  const dates = [...new Set(lines.flatMap((l) => l.points.map(([d]) => d)))].sort();
  return {
    animation: false,
    color: [...CHART_PALETTE],
    grid: { left: 64, right: 24, top: 16, bottom: 64 },
    ...(lines.length > 1 ? { legend: { top: 0 } } : {}),
    tooltip: { trigger: 'axis', ...format(value) },
    xAxis: { type: 'category', data: dates, boundaryGap: false, axisLabel: chartFormat('date') },
    yAxis: { type: 'value', scale: true, axisLabel: format(value) },
    dataZoom: DATED_ZOOM,
    series: lines.map((l) => {
      const byDate = new Map(l.points.map(([d, v]) => [d, v]));
      return {
        name: l.name,
        type: 'line',
        showSymbol: dates.length < 40,
        connectNulls: true,
        lineStyle: { width: l.dashed ? 1.5 : 2, type: l.dashed ? 'dashed' : 'solid' },
        ...(l.color ? { itemStyle: { color: l.color } } : {}),
        data: dates.map((d) => byDate.get(d) ?? null),
      };
    }),
  };
}

export interface RiskValueChartWeek {
  readonly date: string;
  readonly volatility: number;
  readonly riskValue: number;
  readonly officialRiskValue: number;
  readonly changed: boolean;
}

/**
 * The weekly annualised volatility against the risk-value band lines (each band's lower bound,
 * labelled with its class) on the left axis, and the weekly and official class (4-month rule) as
 * steps on 1..7 on the right, each change of the official class marked with a diamond.
 */
export function riskValueHistoryOption(
  history: readonly RiskValueChartWeek[],
  bands: readonly { readonly riskValue: number; readonly lowerBound: number }[],
  names: { weekly: string; official: string; volatility: string; change: string; band: string },
): ChartOption {
  const maxVol = Math.max(0, ...history.map((h) => h.volatility));
  // Only the bands up to one above the highest volatility: the 80 % top band would flatten it.
  const shown = bands.filter((b) => b.lowerBound > 0 && b.lowerBound <= maxVol * 1.5 + 0.005);
  return {
    animation: false,
    grid: { left: 56, right: 56, top: 36, bottom: 64 },
    legend: { top: 0 },
    tooltip: { trigger: 'axis' },
    xAxis: {
      type: 'category',
      data: history.map((h) => h.date),
      axisLabel: chartFormat('date'),
    },
    yAxis: [
      { type: 'value', axisLabel: chartFormat('fraction', 0), name: names.volatility },
      {
        type: 'value',
        min: 1,
        max: 7,
        interval: 1,
        name: 'RD',
        splitLine: { show: false },
        axisLabel: chartFormat('count'),
      },
    ],
    dataZoom: DATED_ZOOM,
    series: [
      {
        name: names.volatility,
        type: 'line',
        data: history.map((h) => h.volatility),
        showSymbol: false,
        lineStyle: { color: '#1c7ed6', width: 2 },
        itemStyle: { color: '#1c7ed6' },
        tooltip: chartFormat('fraction'),
        markLine: {
          symbol: 'none',
          silent: true,
          data: shown.map((b) => ({
            yAxis: b.lowerBound,
            lineStyle: { color: '#868e96', type: 'dashed', width: 1 },
            label: {
              formatter: `${names.band} ${String(b.riskValue)}: ${formatChartValue(b.lowerBound, { unit: 'fraction', digits: 1 })}`,
              position: 'insideEndTop',
              color: '#495057',
            },
          })),
        },
      },
      {
        name: names.weekly,
        type: 'line',
        step: 'end',
        yAxisIndex: 1,
        data: history.map((h) => h.riskValue),
        showSymbol: false,
        lineStyle: { color: '#adb5bd', width: 1.2 },
        itemStyle: { color: '#adb5bd' },
        tooltip: chartFormat('count'),
      },
      {
        name: names.official,
        type: 'line',
        step: 'end',
        yAxisIndex: 1,
        data: history.map((h) => h.officialRiskValue),
        showSymbol: false,
        lineStyle: { color: '#e8590c', width: 2.2 },
        itemStyle: { color: '#e8590c' },
        tooltip: chartFormat('count'),
      },
      {
        name: names.change,
        type: 'scatter',
        symbol: 'diamond',
        symbolSize: 12,
        yAxisIndex: 1,
        itemStyle: { color: '#e8590c', borderColor: '#fff', borderWidth: 1 },
        data: history.map((h) => (h.changed ? h.officialRiskValue : null)),
        tooltip: chartFormat('count'),
        z: 5,
      },
    ],
  };
}
