import { describe, expect, it } from 'vitest';
import { evaluateBacktest } from './evaluate-backtest.ts';

/** 250 days of VaR 10 with losses beyond it on the given day indices. */
function series(exceptionDays: readonly number[]) {
  const dates = Array.from({ length: 250 }, (_, i) => `d${String(i).padStart(3, '0')}`);
  const pnl: number[] = dates.map((_, i) =>
    exceptionDays.includes(i) ? -12 : i % 2 === 0 ? 3 : -4,
  );
  return { dates, pnl, var: dates.map(() => 10) };
}

describe('backtest evaluation', () => {
  it('counts exceptions and their dates; a loss equal to VaR is not an exception', () => {
    const s = series([10, 100, 200]);
    s.pnl[50] = -10;
    const e = evaluateBacktest(s.dates, s.pnl, s.var, 0.99);
    expect(e.exceptions).toBe(3);
    expect(e.exceptionDates).toEqual(['d010', 'd100', 'd200']);
    expect(e.expectedExceptions).toBeCloseTo(2.5, 12);
    expect(e.baselZone).toBe('green');
    expect(e.spkReviewRequired).toBe(false);
    expect(e.kupiec.rejected).toBe(false);
  });

  it('flags SPK review above 3 and reporting above 5 exceptions, with the Basel yellow zone from 5', () => {
    const four = evaluateBacktest(
      ...(Object.values(series([1, 50, 100, 150])) as [string[], number[], number[]]),
      0.99,
    );
    expect([four.spkReviewRequired, four.spkReportRequired, four.baselZone]).toEqual([
      true,
      false,
      'green',
    ]);
    const six = evaluateBacktest(
      ...(Object.values(series([1, 50, 100, 150, 200, 240])) as [string[], number[], number[]]),
      0.99,
    );
    expect([six.spkReviewRequired, six.spkReportRequired, six.baselZone]).toEqual([
      true,
      true,
      'yellow',
    ]);
    expect(six.baselPlusFactor).toBe(0.5);
    expect(six.verdict).toContain("SPK'ya 5 iş günü içinde");
  });

  it('rejects a model with no exceptions by Kupiec (LR 5.025 at 250/99 %) and detects clustering by Christoffersen', () => {
    const none = evaluateBacktest(
      ...(Object.values(series([])) as [string[], number[], number[]]),
      0.99,
    );
    expect(none.kupiec.statistic).toBeCloseTo(5.025, 3);
    expect(none.kupiec.rejected).toBe(true);
    const clustered = evaluateBacktest(
      ...(Object.values(series([100, 101, 102, 103])) as [string[], number[], number[]]),
      0.99,
    );
    expect(clustered.christoffersenIndependence.rejected).toBe(true);
  });
});
