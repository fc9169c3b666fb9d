// The performance report's charts: cumulative returns over the window (fund net and gross,
// benchmark), the excess over the benchmark, period returns, and the asset-class effects.
import type { Attribution, PerformanceReportResult } from '@fonrisk/contracts';
import { barChartOption, lineChartOption } from '../report-charts.ts';

/**
 * Cumulative return in percent of daily returns xs (xs[i] from dates[i] to dates[i + 1]) from
 * dates[from]: 0 there, then one point per later date.
 */
export function cumulativePercent(
  dates: readonly string[],
  xs: Float64Array,
  from: number,
): [string, number][] {
  const pts: [string, number][] = [[dates[from]!, 0]];
  let g = 1;
  for (let i = from; i < xs.length; i++) {
    g *= 1 + xs[i]!;
    pts.push([dates[i + 1]!, (g - 1) * 100]);
  }
  return pts;
}

export interface PerformanceChartsInput {
  readonly dates: readonly string[];
  readonly net: Float64Array;
  readonly gross: Float64Array;
  /** The benchmark's daily returns aligned with the fund's; null when they miss the window. */
  readonly benchmark: Float64Array | null;
  readonly windowStart: number;
  readonly periods: PerformanceReportResult['periods'];
  readonly byAssetClass: Attribution | null;
}

export function performanceCharts(
  input: PerformanceChartsInput,
): PerformanceReportResult['charts'] {
  const { dates, windowStart: w0, periods, byAssetClass } = input;
  const cumNet = cumulativePercent(dates, input.net, w0);
  const cumGross = cumulativePercent(dates, input.gross, w0);
  const cumBench = input.benchmark ? cumulativePercent(dates, input.benchmark, w0) : null;
  const charts: PerformanceReportResult['charts'] = {
    cumulative: {
      title: 'Kümülatif Getiri (%)',
      option: lineChartOption(
        [
          { name: 'Fon (net)', points: cumNet },
          { name: 'Fon (brüt)', points: cumGross, dashed: true },
          ...(cumBench ? [{ name: 'Karşılaştırma ölçütü', points: cumBench }] : []),
        ],
        { xType: 'time', yUnit: '%', digits: 3 },
      ),
    },
    periods: {
      title: 'Dönemsel Getiriler (%)',
      option: barChartOption(
        periods.filter((p) => p.net !== null).map((p) => p.label),
        [
          {
            name: 'Net',
            values: periods.filter((p) => p.net !== null).map((p) => (p.net ?? 0) * 100),
          },
          {
            name: 'Ölçüt',
            values: periods.filter((p) => p.net !== null).map((p) => (p.benchmark ?? 0) * 100),
          },
        ],
        { yUnit: '%', digits: 2 },
      ),
    },
  };
  if (cumBench)
    charts.excess = {
      title: 'Kümülatif Fazla Getiri (fon − ölçüt, %)',
      option: lineChartOption(
        [
          {
            name: 'Fazla getiri',
            points: cumNet.map(([d, v], i) => [d, v - cumBench[i]![1]]),
            area: true,
          },
        ],
        { xType: 'time', yUnit: '%', digits: 3 },
      ),
    };
  if (byAssetClass)
    charts.attribution = {
      title: 'Varlık Sınıfı Bazında Etkiler (%)',
      option: barChartOption(
        byAssetClass.segments.map((s) => s.segment),
        [
          { name: 'Dağılım', values: byAssetClass.segments.map((s) => s.allocation * 100) },
          { name: 'Seçim', values: byAssetClass.segments.map((s) => s.selection * 100) },
          { name: 'Etkileşim', values: byAssetClass.segments.map((s) => s.interaction * 100) },
        ],
        { yUnit: '%', digits: 3, stacked: true },
      ),
    };
  return charts;
}
