import type { EChartsCoreOption } from 'echarts/core';
import { formatDate } from '../../lib/format.ts';

/** The series colours of every chart (Mantine blue, teal, yellow, violet...). */
export const PALETTE = [
  '#1c7ed6',
  '#0ca678',
  '#f59f00',
  '#7048e8',
  '#e8590c',
  '#d6336c',
  '#15aabf',
  '#5c940d',
  '#495057',
  '#ae3ec9',
];

export interface DatedLine {
  readonly name: string;
  /** [ISO date, value] in date order; null: no value that day. */
  readonly points: readonly (readonly [string, number | null])[];
  readonly dashed?: boolean;
  readonly color?: string;
}

/**
 * Dated lines in Turkish formats: dates as 21.11.2026 on the axis and the zoom slider, values
 * through `format` on the axis and in the tooltip, zoom by mouse wheel and slider. The x axis is
 * the union of the lines' dates; a line without a value on a date is bridged. A legend is shown
 * when there is more than one line.
 */
export function datedLinesOption(
  lines: readonly DatedLine[],
  format: (v: number) => string,
): EChartsCoreOption {
  const dates = [...new Set(lines.flatMap((l) => l.points.map(([d]) => d)))].sort();
  const legend = lines.length > 1;
  return {
    animation: false,
    color: PALETTE,
    grid: { left: 64, right: 24, top: legend ? 36 : 16, bottom: 64 },
    ...(legend ? { legend: { top: 0, type: 'scroll' } } : {}),
    tooltip: {
      trigger: 'axis',
      valueFormatter: (v: unknown) => (typeof v === 'number' ? format(v) : '–'),
    },
    xAxis: {
      type: 'category',
      data: dates,
      boundaryGap: false,
      axisLabel: { formatter: (d: string) => formatDate(d) },
    },
    yAxis: { type: 'value', scale: true, axisLabel: { formatter: (v: number) => format(v) } },
    dataZoom: [
      { type: 'inside' },
      {
        type: 'slider',
        height: 18,
        bottom: 12,
        labelFormatter: (_: number, d: string) => formatDate(d),
      },
    ],
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
