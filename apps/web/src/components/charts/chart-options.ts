import type { EChartsCoreOption } from 'echarts/core';
import { formatDate, formatNumber } from '../../lib/format.ts';

export interface ChartSeries {
  readonly name: string;
  /** [ISO date, value] pairs in date order. */
  readonly points: readonly (readonly [string, number])[];
}

/**
 * A dated line chart in Turkish formats: dates as 21.11.2026 on the axis and in the tooltip,
 * values with `digits` decimals, zoom by mouse wheel and by the slider under the chart.
 */
export function lineChartOption(series: readonly ChartSeries[], digits = 2): EChartsCoreOption {
  return {
    animation: false,
    grid: { left: 64, right: 24, top: series.length > 1 ? 36 : 16, bottom: 64 },
    legend: series.length > 1 ? { top: 0 } : undefined,
    tooltip: {
      trigger: 'axis',
      valueFormatter: (value: unknown) =>
        typeof value === 'number' ? formatNumber(value, digits) : '',
      axisPointer: { label: { formatter: (p: { value: unknown }) => formatDate(String(p.value)) } },
    },
    xAxis: {
      type: 'category',
      data: series[0]?.points.map(([d]) => d) ?? [],
      boundaryGap: false,
      axisLabel: { formatter: (value: string) => formatDate(value) },
    },
    yAxis: {
      type: 'value',
      scale: true,
      axisLabel: { formatter: (value: number) => formatNumber(value, digits) },
    },
    dataZoom: [
      { type: 'inside' },
      {
        type: 'slider',
        height: 20,
        bottom: 12,
        labelFormatter: (_: number, value: string) => formatDate(value),
      },
    ],
    series: series.map((s) => ({
      name: s.name,
      type: 'line',
      showSymbol: false,
      lineStyle: { width: 1.6 },
      data: s.points.map(([, v]) => v),
    })),
  };
}
