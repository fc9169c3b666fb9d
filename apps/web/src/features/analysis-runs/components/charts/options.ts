import type { EChartsCoreOption } from 'echarts/core';
import type { LimitStatus } from '@fonrisk/contracts';
import { formatDate, formatNumber } from '../../../../lib/format.ts';
import { PALETTE } from '../../../../components/charts/chart-options.ts';
import { formatPct } from '../format.ts';
import { CHART_MESSAGES } from './messages.ts';

/** The status colours shared by gauges, badges and tables (Mantine green / yellow / red). */
export const STATUS_COLORS: Readonly<Record<LimitStatus | 'noData', string>> = {
  ok: '#2f9e44',
  warning: '#f08c00',
  breach: '#e03131',
  noLimit: '#868e96',
  noData: '#adb5bd',
};

/** Large TRY amounts on axes: 1.250.000 -> "1,25 Mn". */
export function compactTry(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1e9) return `${formatNumber(value / 1e9, abs >= 1e10 ? 0 : 1)} Mr`;
  if (abs >= 1e6) return `${formatNumber(value / 1e6, abs >= 1e7 ? 0 : 1)} Mn`;
  if (abs >= 1e3) return `${formatNumber(value / 1e3, 0)} B`;
  return formatNumber(value, 0);
}

export interface LabelledValue {
  readonly label: string;
  readonly value: number;
}

/** Horizontal bars, largest first (breakdowns by asset class, currency, risk factor). */
export function horizontalBarOption(
  items: readonly LabelledValue[],
  format: (v: number) => string,
  axisFormat: (v: number) => string = compactTry,
): EChartsCoreOption {
  const sorted = [...items].sort((a, b) => a.value - b.value);
  return {
    animation: false,
    color: PALETTE,
    grid: { left: 8, right: 96, top: 8, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (v: unknown) => (typeof v === 'number' ? format(v) : ''),
    },
    xAxis: {
      type: 'value',
      splitNumber: 3,
      axisLabel: { formatter: (v: number) => axisFormat(v) },
    },
    yAxis: {
      type: 'category',
      data: sorted.map((i) => i.label),
      axisLabel: { width: 150, overflow: 'truncate' },
    },
    series: [
      {
        type: 'bar',
        data: sorted.map((i) => ({
          value: i.value,
          itemStyle: { color: i.value < 0 ? '#2f9e44' : '#1c7ed6' },
        })),
        barMaxWidth: 22,
        label: {
          show: true,
          position: 'right',
          formatter: (p: { value: number }) => format(p.value),
        },
      },
    ],
  };
}

/** A doughnut of shares (non-negative parts only; a hedge with negative contribution is left out). */
export function doughnutOption(
  items: readonly LabelledValue[],
  format: (v: number) => string,
): EChartsCoreOption {
  return {
    animation: false,
    color: PALETTE,
    tooltip: {
      trigger: 'item',
      formatter: (p: { name: string; value: number; percent: number }) =>
        `${p.name}<br/>${format(p.value)} (${formatPct(p.percent / 100, 1)})`,
    },
    legend: { type: 'scroll', orient: 'vertical', right: 0, top: 'middle' },
    series: [
      {
        type: 'pie',
        radius: ['42%', '70%'],
        center: ['35%', '50%'],
        avoidLabelOverlap: true,
        label: { show: false },
        data: items.filter((i) => i.value > 0).map((i) => ({ name: i.label, value: i.value })),
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

/** The P&L distribution with the −VaR and −ES lines; bars in the loss tail are red. */
export function histogramOption(
  h: HistogramInput,
  varLabel: string,
  esLabel: string,
): EChartsCoreOption {
  const mids = h.bins.map((b) => (b.from + b.to) / 2);
  const width = h.bins.length > 0 ? h.bins[0]!.to - h.bins[0]!.from : 1;
  const lineAt = (x: number, name: string, color: string) => ({
    name,
    xAxis: x,
    lineStyle: { color, width: 2, type: 'dashed' },
    label: { formatter: `${name}\n${compactTry(x)}`, color },
  });
  return {
    animation: false,
    grid: { left: 56, right: 24, top: 48, bottom: 40 },
    tooltip: {
      trigger: 'axis',
      formatter: (params: { dataIndex: number }[]) => {
        const bin = h.bins[params[0]?.dataIndex ?? 0];
        return bin
          ? CHART_MESSAGES.histogramTooltip(
              formatNumber(bin.from, 0),
              formatNumber(bin.to, 0),
              bin.count,
            )
          : '';
      },
    },
    xAxis: {
      type: 'value',
      min: h.bins[0]?.from,
      max: h.bins[h.bins.length - 1]?.to,
      axisLabel: { formatter: (v: number) => compactTry(v) },
      name: CHART_MESSAGES.pnlAxis,
      nameLocation: 'middle',
      nameGap: 26,
    },
    yAxis: { type: 'value', name: CHART_MESSAGES.countAxis },
    series: [
      {
        type: 'bar',
        barWidth: '98%',
        barCategoryGap: 0,
        data: mids.map((x, i) => ({
          value: [x, h.bins[i]!.count],
          itemStyle: { color: x + width / 2 <= h.varLineTry ? '#fa5252' : '#4dabf7' },
        })),
        markLine: {
          symbol: 'none',
          data: [
            lineAt(h.varLineTry, varLabel, '#c92a2a'),
            lineAt(h.esLineTry, esLabel, '#862e9c'),
          ],
        },
      },
    ],
  };
}

/** The limit usage gauge: green up to the warning threshold, amber to the limit, red beyond. */
export function usageGaugeOption(usage: number | null, warningFraction: number): EChartsCoreOption {
  const max = Math.max(1.2, Math.ceil(((usage ?? 0) + 0.1) * 10) / 10);
  return {
    animation: false,
    series: [
      {
        type: 'gauge',
        min: 0,
        max: max * 100,
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
        axisLabel: {
          distance: 18,
          fontSize: 10,
          formatter: (v: number) => `%${formatNumber(v, 0)}`,
        },
        detail: {
          valueAnimation: false,
          fontSize: 20,
          offsetCenter: [0, '35%'],
          formatter: () => (usage === null ? '–' : formatPct(usage, 1)),
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

/** Daily P&L bars against the −VaR line, exceptions marked as red diamonds. */
export function backtestOption(
  points: readonly BacktestChartPoint[],
  names: { pnl: string; var: string; exceptions: string },
): EChartsCoreOption {
  const dates = points.map((p) => p.date);
  return {
    animation: false,
    grid: { left: 72, right: 24, top: 36, bottom: 64 },
    legend: { top: 0 },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (v: unknown) => (typeof v === 'number' ? `${formatNumber(v, 0)} TL` : '–'),
    },
    xAxis: {
      type: 'category',
      data: dates,
      axisLabel: { formatter: (d: string) => formatDate(d) },
    },
    yAxis: { type: 'value', axisLabel: { formatter: (v: number) => compactTry(v) } },
    dataZoom: [
      { type: 'inside' },
      {
        type: 'slider',
        height: 18,
        bottom: 12,
        labelFormatter: (_: number, d: string) => formatDate(d),
      },
    ],
    series: [
      {
        name: names.pnl,
        type: 'bar',
        data: points.map((p) => p.pnlTry),
        itemStyle: { color: '#74c0fc' },
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
        itemStyle: { color: '#e03131', borderColor: '#fff', borderWidth: 1 },
        data: points.map((p) => (p.exception ? p.pnlTry : null)),
        z: 5,
      },
    ],
  };
}
