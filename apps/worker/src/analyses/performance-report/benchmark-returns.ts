// The benchmark's side of the performance report: the fund's benchmark, and its composite index
// turned into daily returns on the fund's unit-price dates.
import type { Database } from '@fonrisk/db';
import { monthsBefore } from '@fonrisk/risk';
import { AnalysisInputError } from '../../runner/errors.ts';
import { benchmarkPath, type BenchmarkPath } from './benchmark-index.ts';
import { loadBenchmark, type BenchmarkData, type FundRef } from './performance-data.ts';

/** The fund's benchmark with its components' series from a month before inception; checked. */
export async function fundBenchmark(
  db: Database,
  portfolioCode: string,
  fund: FundRef,
  inception: string,
  asOfDate: string,
): Promise<BenchmarkData> {
  if (fund.benchmarkCode === null)
    throw new AnalysisInputError(
      `${portfolioCode} fonunun karşılaştırma ölçütü tanımlı değil (Referans Ölçüt ekranından atayın).`,
    );
  const bm = await loadBenchmark(db, fund.benchmarkCode, monthsBefore(inception, 1), asOfDate);
  if (bm.components.length === 0)
    throw new AnalysisInputError(`Karşılaştırma ölçütü ${bm.code} bileşen içermiyor.`);
  return bm;
}

export interface BenchmarkReturns {
  /** The composite index from the first fund date on which every component is known; null without one. */
  readonly path: BenchmarkPath | null;
  /** Index in the fund's dates where the path starts. */
  readonly start: number;
  /** Aligned with the fund's daily returns: NaN before the path starts (or everywhere without it). */
  readonly returns: Float64Array;
  /** The returns from the path's start, for the period returns table; null without a path. */
  readonly fromStart: {
    readonly dates: string[];
    readonly returns: Float64Array;
    readonly start: string;
  } | null;
}

/** The benchmark's daily returns on the fund's unit-price dates. */
export function benchmarkReturns(bm: BenchmarkData, dates: readonly string[]): BenchmarkReturns {
  const firstKnown = bm.components
    .map((c) => [...c.values.keys()].sort()[0] ?? '9999-12-31')
    .sort()
    .at(-1)!;
  const benchStart = dates.findIndex((d) => d >= firstKnown);
  let path: BenchmarkPath | null = null;
  if (benchStart >= 0 && benchStart < dates.length - 1) {
    const p = benchmarkPath(bm.components, dates.slice(benchStart), bm.rebalancing);
    if ('index' in p) path = p;
  }
  const benchReturns = new Float64Array(dates.length - 1).fill(Number.NaN);
  if (path)
    for (let t = 1; t < path.dates.length; t++)
      benchReturns[benchStart + t - 1] = path.index[t]! / path.index[t - 1]! - 1;
  const fromStart = path
    ? {
        dates: dates.slice(benchStart + 1),
        returns: benchReturns.slice(benchStart),
        start: dates[benchStart]!,
      }
    : null;
  return { path, start: benchStart, returns: benchReturns, fromStart };
}
