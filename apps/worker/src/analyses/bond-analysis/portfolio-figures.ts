// A portfolio's bond figures in a bond analysis: value-weighted durations, DV01 by maturity
// bucket, and the effect of parallel shifts of rates (full revaluation and duration-convexity).
import {
  MATURITY_BUCKETS,
  MATURITY_BUCKET_LABELS,
  type BondFigures,
  type BondPortfolio,
  type BondYieldConvention,
} from '@fonrisk/contracts';
import { pricingOf, type BondCase, type PricingMemo } from './bond-figures.ts';
import { yearsTo, type CurvePoint } from './price-bond.ts';

/** Parallel shifts of the portfolio table, basis points. */
export const PARALLEL_SHIFTS_BP = [-200, -100, -50, 50, 100, 200] as const;

/** The maturity bucket of a remaining life in years (upper bounds inclusive). */
export function maturityBucketOf(years: number): (typeof MATURITY_BUCKETS)[number] {
  if (years <= 1) return '0-1Y';
  if (years <= 3) return '1-3Y';
  if (years <= 5) return '3-5Y';
  if (years <= 10) return '5-10Y';
  return '10Y+';
}

/** Portfolio figures: value-weighted durations, DV01 by maturity bucket, parallel-shift effects. */
export function portfolioFigures(
  bonds: readonly BondFigures[],
  cases: readonly BondCase[],
  head: { portfolioCode: string; portfolioName: string; asOfDate: string; navTry: number },
  skipped: BondPortfolio['skipped'],
  convention: (c: BondCase) => BondYieldConvention,
  curve: readonly CurvePoint[] = [],
  memo: PricingMemo = new Map(),
): BondPortfolio {
  const total = bonds.reduce((s, b) => s + (b.valueTry ?? 0), 0);
  const w = (b: BondFigures) => (total > 0 ? (b.valueTry ?? 0) / total : 0);
  const buckets = MATURITY_BUCKETS.map((bucket) => {
    // A floater's rate risk sits at its next reset, not at its maturity (decision 0057).
    const inBucket = bonds.filter(
      (b) =>
        maturityBucketOf(yearsTo(b.settlementDate, b.nextResetDate ?? b.maturityDate)) === bucket,
    );
    const value = inBucket.reduce((s, b) => s + (b.valueTry ?? 0), 0);
    return {
      bucket,
      label: MATURITY_BUCKET_LABELS[bucket],
      valueTry: value,
      weight: total > 0 ? value / total : 0,
      modifiedDuration:
        value > 0
          ? inBucket.reduce((s, b) => s + b.modifiedDuration * (b.valueTry ?? 0), 0) / value
          : 0,
      dv01Try: inBucket.reduce((s, b) => s + (b.dv01Try ?? 0), 0),
    };
  });
  const shifts = PARALLEL_SHIFTS_BP.map((bp) => {
    let full = 0;
    let approx = 0;
    bonds.forEach((b, i) => {
      const c = cases[i]!;
      const value = b.valueTry ?? 0;
      const dy = bp / 10_000;
      // The bond's own pricing (its market yield), repriced after the rates move (a floater
      // with its index: decision 0057).
      const { priced } = pricingOf(c, b.settlementDate, convention(c), curve, memo);
      let shocked: number;
      try {
        shocked = priced.afterRateMove(dy);
      } catch {
        shocked = 0;
      }
      full += value * (shocked / b.dirtyPrice - 1);
      approx += value * (-b.modifiedDuration * dy + 0.5 * b.convexity * dy * dy);
    });
    return {
      shiftBp: bp,
      fullRevaluationTry: full,
      durationConvexityTry: approx,
      pctOfNav: head.navTry > 0 ? full / head.navTry : 0,
    };
  });
  return {
    ...head,
    bondValueTry: total,
    weightedModifiedDuration: bonds.reduce((s, b) => s + w(b) * b.modifiedDuration, 0),
    weightedMacaulayDuration: bonds.reduce((s, b) => s + w(b) * b.macaulayDuration, 0),
    dv01Try: bonds.reduce((s, b) => s + (b.dv01Try ?? 0), 0),
    buckets,
    shifts,
    skipped,
  };
}
