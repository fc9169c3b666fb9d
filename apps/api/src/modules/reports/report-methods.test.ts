import { describe, expect, it } from 'vitest';
import { methodText, type MethodRun } from './report-methods.ts';
import { historicalVarParameters } from './reports.test-support.ts';

/** A finished backtest run of `observations` days at `confidenceLevel`. */
function backtestRun(observations: number, confidenceLevel: number): MethodRun {
  const lr = { statistic: 0, pValue: 1, rejected: false };
  return {
    analysisType: 'backtest',
    portfolioCodes: ['DHS'],
    dataSnapshot: null,
    result: {
      portfolioCode: 'DHS',
      portfolioName: 'Defne Hisse',
      fromDate: '2025-10-30',
      toDate: '2026-10-30',
      parameters: historicalVarParameters(confidenceLevel),
      hypothetical: {
        observations,
        exceptions: 2,
        exceptionDates: [],
        expectedExceptions: observations * (1 - confidenceLevel),
        kupiec: lr,
        christoffersenIndependence: lr,
        christoffersenConditional: lr,
        baselZone: 'green',
        baselPlusFactor: 0,
        cumulativeProbability: 0.5,
        spkExceptionsLast250: 2,
        spkReviewRequired: false,
        spkReportRequired: false,
        verdict: '',
      },
      actual: null,
      points: [],
      tables: {},
    },
  };
}

describe('the backtest method text follows the run, not numbers written by hand', () => {
  it('prints the Basel zones of 250 observations at 99 % (Basel 1996: green 0–4, yellow 5–9)', () => {
    const text = methodText('backtest', [backtestRun(250, 0.99)]);
    expect(text).toContain(
      '250 gözlem ve %99 güven düzeyinde aşım sayısının Basel trafik ışığı bölgeleri: yeşil 0–4, sarı 5–9, kırmızı 10+.',
    );
    expect(text).toContain('%95 ve %99,99 eşiklerinden');
    expect(text).toContain('SPK eşikleri son 250 gözleme uygulanır: 3 aşımın üzerinde');
    expect(text).toContain('5 aşımın üzerinde SPK');
  });

  it('moves the bounds when the run used another confidence level or window', () => {
    // Exact binomial sums (traffic-light.test.ts): Bin(250, 5 %) green to 17, yellow to 26;
    // Bin(500, 1 %) green to 8, yellow to 14.
    const at95 = methodText('backtest', [backtestRun(250, 0.95)]);
    expect(at95).toContain(
      '%95 güven düzeyinde aşım sayısının Basel trafik ışığı bölgeleri: yeşil 0–17, sarı 18–26, kırmızı 27+.',
    );
    expect(at95).not.toContain('yeşil 0–4');
    expect(methodText('backtest', [backtestRun(500, 0.99)])).toContain(
      '500 gözlem ve %99 güven düzeyinde aşım sayısının Basel trafik ışığı bölgeleri: yeşil 0–8, sarı 9–14, kırmızı 15+.',
    );
  });

  it('prints no zone sentence for a run whose result it cannot read', () => {
    const text = methodText('backtest', [{ ...backtestRun(250, 0.99), result: {} }]);
    expect(text).not.toContain('yeşil');
    expect(text).toContain('Geriye dönük test');
  });
});
