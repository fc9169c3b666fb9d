import { describe, expect, it } from 'vitest';
import { edhec, managers } from '../../test/reference-data.ts';
import { InsufficientHistoryError, LengthMismatchError } from '../errors.ts';
import { alpha, beta, captureRatios, informationRatio, trackingError } from './relative.ts';

/** Rows where every named managers column has a value (na.omit of the merged series). */
function complete(...names: (keyof typeof managers)[]): Float64Array[] {
  const cols = names.map((n) => managers[n] as (number | null)[]);
  const rows = cols[0]!.map((_, i) => i).filter((i) => cols.every((c) => c[i] !== null));
  return cols.map((c) => Float64Array.from(rows, (i) => c[i]!));
}
const [fund, bench, rf] = complete('HAM1', 'SP500 TR', 'US 3m TR');
const monthly = { periodsPerYear: 12 };

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
