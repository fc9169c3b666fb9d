// Plain-JSON ECharts options of Module 5 results (no functions: stored in the result document so
// that the web screen and a PDF section draw the same figure). Percent series are stored in
// percent points with '{value} %' axis labels.

import { CHART_PALETTE } from '@fonrisk/contracts';

// The one series palette of every chart (decision 0058).
const PALETTE = [...CHART_PALETTE];

export interface LineSeries {
  readonly name: string;
  readonly points: readonly (readonly [string | number, number])[];
  readonly area?: boolean;
  readonly dashed?: boolean;
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

/** A line chart over a date (time) or value x-axis. */
export function lineChartOption(
  series: readonly LineSeries[],
  options: {
    xType: 'time' | 'value';
    yUnit?: string;
    xName?: string;
    yName?: string;
    digits?: number;
  },
): Record<string, unknown> {
  const unit = options.yUnit ? ` ${options.yUnit}` : '';
  return {
    animation: false,
    color: PALETTE,
    grid: { left: 56, right: 24, top: 40, bottom: 40, containLabel: true },
    legend: { top: 0, data: series.map((s) => s.name) },
    tooltip: { trigger: 'axis' },
    xAxis: {
      type: options.xType,
      ...(options.xName ? { name: options.xName, nameLocation: 'middle', nameGap: 28 } : {}),
      ...(options.xType === 'value' ? { scale: true } : {}),
    },
    yAxis: {
      type: 'value',
      scale: true,
      ...(options.yName ? { name: options.yName } : {}),
      axisLabel: { formatter: `{value}${unit}` },
    },
    series: series.map((s) => ({
      name: s.name,
      type: 'line',
      showSymbol: false,
      data: s.points.map(([x, y]) => [x, round(y, options.digits ?? 4)]),
      ...(s.area ? { areaStyle: { opacity: 0.15 } } : {}),
      ...(s.dashed ? { lineStyle: { type: 'dashed' } } : {}),
    })),
  };
}

/** Grouped vertical bars by category. */
export function barChartOption(
  categories: readonly string[],
  series: readonly { readonly name: string; readonly values: readonly number[] }[],
  options: { yUnit?: string; digits?: number; stacked?: boolean } = {},
): Record<string, unknown> {
  const unit = options.yUnit ? ` ${options.yUnit}` : '';
  return {
    animation: false,
    color: PALETTE,
    grid: { left: 56, right: 24, top: 40, bottom: 40, containLabel: true },
    legend: { top: 0, data: series.map((s) => s.name) },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'category', data: [...categories], axisLabel: { interval: 0 } },
    yAxis: { type: 'value', axisLabel: { formatter: `{value}${unit}` } },
    series: series.map((s) => ({
      name: s.name,
      type: 'bar',
      barMaxWidth: 28,
      ...(options.stacked ? { stack: 'total' } : {}),
      data: s.values.map((v) => round(v, options.digits ?? 4)),
    })),
  };
}
