import type { EChartsCoreOption } from 'echarts/core';
import type { RiskValueWeek } from '@fonrisk/contracts';
import { formatPct } from '../../analysis-runs/components/format.ts';
import { formatDate } from '../../../lib/format.ts';

/**
 * Weekly class and official class (4-month rule) as steps on 1..7, the annualised volatility on
 * the right axis, and each change of the official class marked with a diamond.
 */
export function riskValueHistoryOption(
  history: readonly RiskValueWeek[],
  names: { weekly: string; official: string; volatility: string; change: string },
): EChartsCoreOption {
  return {
    animation: false,
    grid: { left: 48, right: 64, top: 36, bottom: 64 },
    legend: { top: 0 },
    tooltip: { trigger: 'axis' },
    xAxis: {
      type: 'category',
      data: history.map((h) => h.date),
      axisLabel: { formatter: (d: string) => formatDate(d) },
    },
    yAxis: [
      { type: 'value', min: 1, max: 7, interval: 1, name: 'RD' },
      {
        type: 'value',
        axisLabel: { formatter: (v: number) => formatPct(v, 0) },
        splitLine: { show: false },
      },
    ],
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
        name: names.weekly,
        type: 'line',
        step: 'end',
        data: history.map((h) => h.riskValue),
        showSymbol: false,
        lineStyle: { color: '#74c0fc', width: 1.2 },
        itemStyle: { color: '#74c0fc' },
      },
      {
        name: names.official,
        type: 'line',
        step: 'end',
        data: history.map((h) => h.officialRiskValue),
        showSymbol: false,
        lineStyle: { color: '#1c7ed6', width: 2.4 },
        itemStyle: { color: '#1c7ed6' },
      },
      {
        name: names.change,
        type: 'scatter',
        symbol: 'diamond',
        symbolSize: 12,
        itemStyle: { color: '#e8590c', borderColor: '#fff', borderWidth: 1 },
        data: history.map((h) => (h.changed ? h.officialRiskValue : null)),
        z: 5,
      },
      {
        name: names.volatility,
        type: 'line',
        yAxisIndex: 1,
        data: history.map((h) => h.volatility),
        showSymbol: false,
        lineStyle: { color: '#868e96', width: 1, type: 'dashed' },
        itemStyle: { color: '#868e96' },
        tooltip: { valueFormatter: (v: unknown) => (typeof v === 'number' ? formatPct(v) : '–') },
      },
    ],
  };
}
