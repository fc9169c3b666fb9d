import { describe, expect, it } from 'vitest';
import { managers } from '../../test/reference-data.ts';
import { InsufficientHistoryError, InvalidInputError, LengthMismatchError } from '../errors.ts';
import { mean, sampleStdDev } from './moments.ts';
import {
  annualizedReturn,
  calmarRatio,
  cumulativeReturn,
  downsideDeviation,
  excessReturns,
  maxDrawdown,
  sharpeRatio,
  sortinoRatio,
} from './performance.ts';

/** Rows where every named managers column has a value (na.omit of the merged series). */
function complete(...names: (keyof typeof managers)[]): Float64Array[] {
  const cols = names.map((n) => managers[n] as (number | null)[]);
  const rows = cols[0]!.map((_, i) => i).filter((i) => cols.every((c) => c[i] !== null));
  return cols.map((c) => Float64Array.from(rows, (i) => c[i]!));
}
const [ham1] = complete('HAM1');
const [fund, , rf] = complete('HAM1', 'SP500 TR', 'US 3m TR');
const monthly = { periodsPerYear: 12 };

describe('performance statistics (R PerformanceAnalytics on managers)', () => {
  // Published PerformanceAnalytics figures (with page citations) are in performance-analytics.test.ts.
  it('defines the textbook Sharpe as mean/sd of excess returns times √12', () => {
    const x = excessReturns(fund!, rf);
    const expected = (mean(x) / sampleStdDev(x)) * Math.sqrt(12);
    expect(sharpeRatio(fund!, { ...monthly, riskFree: rf! })).toBeCloseTo(expected, 14);
    expect(sharpeRatio([0.01, 0.01, 0.01], monthly), 'flat series has no Sharpe').toBeNull();
    expect(() => excessReturns([1, 2], [1])).toThrow(LengthMismatchError);
    expect(() => annualizedReturn([0.1], { periodsPerYear: 0 })).toThrow(InvalidInputError);
  });

  it('compounds and annualises geometrically or arithmetically', () => {
    expect(cumulativeReturn([0.1, -0.1])).toBeCloseTo(-0.01, 15);
    expect(annualizedReturn([0.01, 0.02], { periodsPerYear: 12, geometric: false })).toBeCloseTo(
      0.18,
      15,
    );
    expect(() => cumulativeReturn([])).toThrow(InsufficientHistoryError);
  });

  it('finds peak, trough and recovery of the largest drawdown', () => {
    const dd = maxDrawdown([0.1, -0.2, 0.05, 0.2, -0.05]);
    expect(dd.maxDrawdown).toBeCloseTo(0.2, 14);
    expect([dd.peakIndex, dd.troughIndex, dd.recoveryIndex]).toEqual([0, 1, 3]);
    expect(maxDrawdown([-0.1, 0.05]).peakIndex, 'peak is the initial wealth').toBe(-1);
    expect(maxDrawdown([-0.1, 0.05]).recoveryIndex).toBeNull();
    expect(maxDrawdown([0.01, 0.02])).toEqual({
      maxDrawdown: 0,
      peakIndex: null,
      troughIndex: null,
      recoveryIndex: null,
    });
    expect(calmarRatio([0.01, 0.02], monthly)).toBeNull();
    expect(calmarRatio(ham1!, monthly)).toBeCloseTo(
      annualizedReturn(ham1!, monthly) / maxDrawdown(ham1!).maxDrawdown,
      14,
    );
    expect(() => maxDrawdown([])).toThrow(InsufficientHistoryError);
  });

  it('uses the full-length denominator for downside deviation unless subset is asked', () => {
    expect(downsideDeviation([-0.02, 0.01, 0.03, -0.04])).toBeCloseTo(
      Math.sqrt((0.0004 + 0.0016) / 4),
      15,
    );
    expect(downsideDeviation([-0.02, 0.01, 0.03, -0.04], { method: 'subset' })).toBeCloseTo(
      Math.sqrt(0.002 / 2),
      15,
    );
    expect(downsideDeviation([0.01], { method: 'subset' })).toBeNull();
    expect(sortinoRatio([0.01, 0.02])).toBeNull();
    expect(() => downsideDeviation([])).toThrow(InsufficientHistoryError);
  });
});
