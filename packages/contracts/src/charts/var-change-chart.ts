// The waterfall of "RMD neden değişti?" (decision 0063): yesterday's VaR, the four parts in the
// order used, today's VaR. Plain JSON like every analysis chart (decision 0058).
import { VAR_CHANGE_FACTOR_LABELS, type VarChangeResponse } from '../analyses/var-change.ts';
import type { ResultChart } from '../analyses/result-charts.ts';
import { isoToTurkishDate } from '../display-format.ts';
import type { ChartOption } from './analysis-options.ts';
import { formatChartValue, type ChartFormat } from './chart-format.ts';
import { CHART_PALETTE, GAIN_COLOR, LOSS_COLOR } from './chart-palette.ts';

export interface WaterfallBar {
  readonly label: string;
  readonly value: number;
  /** A total bar stands on zero; a step bar floats from the running total. */
  readonly total: boolean;
}

/**
 * A waterfall: totals from zero in the first colour, steps floating from the running total; a
 * step up (more risk) in the loss colour, a step down in the gain colour. Each bar's label and
 * tooltip carry the signed value in tr-TR.
 */
export function waterfallOption(bars: readonly WaterfallBar[], value: ChartFormat): ChartOption {
  let running = 0;
  const levels: number[] = [];
  const base: number[] = [];
  const size: { value: number; itemStyle: { color: string }; label: object; tooltip: object }[] =
    [];
  for (const b of bars) {
    // Below half a unit is rounding (a step that did not move): "0 TL", never "+0" or "-0".
    const labelled = Math.abs(b.value) < 0.5 ? 0 : b.value;
    const text = formatChartValue(labelled, value);
    const shown = b.total || labelled <= 0 ? text : `+${text}`;
    const bottom = b.total ? Math.min(0, b.value) : Math.min(running, running + b.value);
    running = b.total ? b.value : running + b.value;
    levels.push(...(b.total ? [] : [running - b.value]), running);
    base.push(bottom);
    size.push({
      value: Math.abs(b.value),
      itemStyle: {
        color: b.total ? CHART_PALETTE[0] : b.value > 0 ? LOSS_COLOR : GAIN_COLOR,
      },
      label: { show: true, position: 'top', formatter: shown },
      tooltip: { formatter: `${b.label}<br/>${shown}` },
    });
  }
  const floor = axisFloor(levels);
  return {
    animation: false,
    grid: { left: 8, right: 16, top: 24, bottom: 8, containLabel: true },
    // Steps of a few per cent of the totals would be invisible on an axis from zero.

    tooltip: { trigger: 'item' },
    xAxis: {
      type: 'category',
      data: bars.map((b) => b.label),
      axisLabel: { interval: 0, width: 90, overflow: 'break', lineHeight: 14 },
    },
    yAxis: {
      type: 'value',
      splitNumber: 4,
      axisLabel: { fonriskFormat: { unit: 'tryCompact' } },
      ...(floor === null ? {} : { min: floor }),
    },
    series: [
      {
        type: 'bar',
        stack: 'waterfall',
        silent: true,
        itemStyle: { color: 'transparent' },
        data: base,
      },
      { type: 'bar', stack: 'waterfall', barMaxWidth: 48, data: size },
    ],
  };
}

/**
 * Where the value axis starts: at zero, unless every level the steps move between lies far above
 * it (steps smaller than a fifth of the lowest level); then below the lowest level by half the
 * levels' range, rounded down to two significant digits (the total bars are cut there).
 */
export function axisFloor(levels: readonly number[]): number | null {
  if (levels.length === 0) return null;
  const lo = Math.min(...levels);
  const hi = Math.max(...levels);
  if (lo <= 0 || hi - lo > lo / 5) return null;
  const target = lo - Math.max((hi - lo) / 2, lo / 100);
  const unit = 10 ** (Math.floor(Math.log10(target)) - 1);
  return Math.floor(target / unit) * unit;
}

export const VAR_CHANGE_CHART_TEXTS = {
  title: (from: string, to: string): string =>
    `RMD değişiminin kaynakları: ${isoToTurkishDate(from)} → ${isoToTurkishDate(to)} (TL)`,
  from: (date: string): string => `RMD ${isoToTurkishDate(date)}`,
  to: (date: string): string => `RMD ${isoToTurkishDate(date)}`,
} as const;

/** The waterfall of a VaR change: the VaR of `from`, each part in the order used, the VaR of `to`. */
export function varChangeChart(r: VarChangeResponse): ResultChart {
  const T = VAR_CHANGE_CHART_TEXTS;
  const bars: WaterfallBar[] = [
    { label: T.from(r.from.date), value: r.from.varTry, total: true },
    ...r.steps.map((s) => ({
      label: VAR_CHANGE_FACTOR_LABELS[s.factor],
      value: s.changeTry,
      total: false,
    })),
    { label: T.to(r.to.date), value: r.to.varTry, total: true },
  ];
  return { title: T.title(r.from.date, r.to.date), option: waterfallOption(bars, { unit: 'try' }) };
}
