// The performance report's attribution by asset class: for each pair of consecutive holdings
// dates, the fund's positions against the benchmark's components grouped by asset class,
// linked over the window, with the contribution of each position.
import type { Attribution } from '@fonrisk/contracts';
import type { AttributionSegment } from '@fonrisk/risk';
import { RunCancelledError } from '../../runner/errors.ts';
import {
  linkedAttribution,
  linkedContributions,
  segmentsOf,
  type BenchmarkSegment,
  type PositionPeriod,
} from './attribution.ts';
import { startHoldings, type BenchmarkPath } from './benchmark-index.ts';
import type { HoldingsPeriod } from './holdings-periods.ts';
import { indexOnOrBefore } from './index-sectors.ts';
import type { BenchmarkData } from './performance-data.ts';

/**
 * The benchmark by asset class over d0 → d1: each class's weight at d0 (the composite's start
 * holdings) and its weighted return.
 */
export function benchmarkClassSegments(
  path: BenchmarkPath,
  bm: BenchmarkData,
  d0: string,
  d1: string,
): BenchmarkSegment[] {
  const t0 = indexOnOrBefore(path.dates, d0);
  const t1 = indexOnOrBefore(path.dates, d1);
  const h = startHoldings(path, bm.components, t0, bm.rebalancing);
  const total = h.reduce((s, x) => s + x, 0);
  const byClass = new Map<string, { w: number; wr: number }>();
  bm.components.forEach((c, j) => {
    const r = path.levels[j]![t1]! / path.levels[j]![t0]! - 1;
    const row = byClass.get(c.assetClass) ?? { w: 0, wr: 0 };
    row.w += h[j]! / total;
    row.wr += (h[j]! / total) * r;
    byClass.set(c.assetClass, row);
  });
  return [...byClass.entries()].map(([segment, v]) => ({
    segment,
    weight: v.w,
    return: v.w !== 0 ? v.wr / v.w : 0,
  }));
}

/** Linked asset-class attribution and position contributions over the holdings dates. */
export function assetClassAttribution(
  holdingsDates: readonly string[],
  period: HoldingsPeriod,
  path: BenchmarkPath,
  bm: BenchmarkData,
  signal: AbortSignal,
): { byAssetClass: Attribution; contributions: ReturnType<typeof linkedContributions> } {
  const positionPeriods: PositionPeriod[][] = [];
  const classPeriods: AttributionSegment[][] = [];
  for (let k = 1; k < holdingsDates.length; k++) {
    if (signal.aborted) throw new RunCancelledError();
    const d0 = holdingsDates[k - 1]!;
    const d1 = holdingsDates[k]!;
    const pos = period(d0, d1);
    positionPeriods.push(pos);
    const benchSegments = benchmarkClassSegments(path, bm, d0, d1);
    classPeriods.push(segmentsOf(pos, (p) => p.assetClass, benchSegments));
  }
  return {
    byAssetClass: linkedAttribution(classPeriods),
    contributions: linkedContributions(positionPeriods),
  };
}
