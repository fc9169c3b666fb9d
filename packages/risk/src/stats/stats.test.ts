import { describe, expect, it } from 'vitest';
import { edhec, managers } from '../../test/reference-data.ts';
import { InsufficientHistoryError, InvalidInputError, LengthMismatchError } from '../errors.ts';
import {
  centralMoment,
  excessKurtosis,
  mean,
  sampleCovariance,
  sampleStdDev,
  sampleVariance,
  skewness,
} from './moments.ts';
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
import { alpha, beta, captureRatios, informationRatio, trackingError } from './relative.ts';

/** Rows where every named managers column has a value (na.omit of the merged series). */
function complete(...names: (keyof typeof managers)[]): Float64Array[] {
  const cols = names.map((n) => managers[n] as (number | null)[]);
  const rows = cols[0]!.map((_, i) => i).filter((i) => cols.every((c) => c[i] !== null));
  return cols.map((c) => Float64Array.from(rows, (i) => c[i]!));
}
const [ham1] = complete('HAM1');
const [fund, bench, rf] = complete('HAM1', 'SP500 TR', 'US 3m TR');
const monthly = { periodsPerYear: 12 };

describe('moments', () => {
  // scipy 1.17.1: stats.skew(HAM1) / stats.kurtosis(HAM1) (bias=True; bias=False for fisher).
  it('matches scipy skew and kurtosis on managers HAM1 to 1e-12', () => {
    expect(skewness(ham1!)).toBeCloseTo(-0.6588444914834322, 12);
    expect(excessKurtosis(ham1!)).toBeCloseTo(2.3615887598376437, 12);
    expect(skewness(ham1!, { method: 'fisher' })).toBeCloseTo(-0.6664417257674924, 12);
    expect(excessKurtosis(ham1!, { method: 'fisher' })).toBeCloseTo(2.500415084236807, 12);
  });

  it('returns null for the shape of a flat series and throws on too little data', () => {
    expect(skewness([1, 1, 1])).toBeNull();
    expect(excessKurtosis([1, 1, 1, 1])).toBeNull();
    expect(() => skewness([1, 2])).toThrow(InsufficientHistoryError);
    expect(() => excessKurtosis([1, 2, 3])).toThrow('4 observations required, got 3');
    expect(() => mean([])).toThrow(InsufficientHistoryError);
    expect(() => sampleVariance([1])).toThrow(InsufficientHistoryError);
    expect(() => sampleCovariance([1], [2])).toThrow(InsufficientHistoryError);
    expect(() => mean([1, Number.NaN])).toThrow('values[1] must be a finite number, got NaN');
  });

  it('computes sample and population moments', () => {
    expect(sampleVariance([1, 2, 3, 4])).toBeCloseTo(5 / 3, 15);
    expect(centralMoment([1, 2, 3, 4], 2)).toBeCloseTo(1.25, 15);
    expect(sampleStdDev([2, 4])).toBeCloseTo(Math.SQRT2, 15);
    expect(sampleCovariance([1, 2, 3], [2, 4, 6])).toBeCloseTo(2, 15);
  });
});

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

describe('relative statistics', () => {
  // PerformanceAnalytics inst/tinytest/test_CAPM.R (braverock/PerformanceAnalytics):
  // CAPM.beta(managers[,1], managers[,8], managers[,10]) = 0.390071248399483 and
  // SFM.alpha = 0.00577472877485089, checked there with expect_equal (tolerance 1.5e-8).
  it('reproduces the PerformanceAnalytics test-suite CAPM beta and alpha to 1e-12', () => {
    expect(beta(fund!, bench!, { riskFree: rf! })).toBeCloseTo(0.390071248399483, 12);
    expect(alpha(fund!, bench!, { riskFree: rf! })).toBeCloseTo(0.00577472877485089, 12);
    const a = alpha(fund!, bench!, { riskFree: rf!, annualize: monthly })!;
    expect(a).toBeCloseTo(1.0057747287748509 ** 12 - 1, 12);
  });

  it('returns null where a relative statistic is undefined', () => {
    expect(beta([0.01, 0.02, 0.03], [0.01, 0.01, 0.01])).toBeNull();
    expect(alpha([0.01, 0.02, 0.03], [0.01, 0.01, 0.01])).toBeNull();
    expect(informationRatio([0.01, 0.02], [0.01, 0.02], monthly)).toBeNull();
    expect(captureRatios([0.01, 0.02], [0.01, 0.02])).toEqual({ upCapture: 1, downCapture: null });
    expect(
      captureRatios([0.01, 0.03], [0.02, 0.02], { geometric: false }).upCapture,
      'ratio of means',
    ).toBeCloseTo(1, 15);
    expect(captureRatios([0.01, 0.02], [0, 0]).downCapture).toBeNull();
    const g = captureRatios([0.02, -0.01], [0.01, -0.02]);
    expect(g.upCapture).toBeCloseTo(2, 14);
    expect(g.downCapture).toBeCloseTo(0.5, 14);
    expect(() => captureRatios([], [])).toThrow(InsufficientHistoryError);
    expect(() => trackingError([1, 2], [1], monthly)).toThrow(LengthMismatchError);
  });

  it('keeps edhec columns usable as aligned fixtures', () => {
    expect(edhec.dates.length).toBe(edhec['CTA Global'].length);
  });
});
