// Backtest statistics of a VaR forecast series against realised P&L (regulation-and-methods.md 1.6, 6).
import type { BacktestEvaluation } from '@fonrisk/contracts';
import {
  baselTrafficLight,
  christoffersenTest,
  exceptions,
  kupiecTest,
  spkBacktestThresholds,
} from '@fonrisk/risk';

const CRITICAL_5PCT = 0.05;

function verdictText(e: Omit<BacktestEvaluation, 'verdict'>): string {
  const zone = { green: 'yeşil', yellow: 'sarı', red: 'kırmızı' }[e.baselZone];
  const spk = e.spkReportRequired
    ? `son 250 günde ${e.spkExceptionsLast250} aşım (5'ten fazla): üst yönetime aynı gün rapor verilmeli, SPK'ya 5 iş günü içinde bildirilmeli`
    : e.spkReviewRequired
      ? `son 250 günde ${e.spkExceptionsLast250} aşım (3'ten fazla): model gözden geçirilmeli`
      : `son 250 günde ${e.spkExceptionsLast250} aşım: SPK eşikleri içinde`;
  const kupiec = e.kupiec.rejected
    ? 'Kupiec testi modeli %5 düzeyinde reddediyor'
    : 'Kupiec testi modeli reddetmiyor';
  const cc = e.christoffersenConditional.rejected
    ? 'Christoffersen koşullu kapsama testi reddediyor'
    : 'Christoffersen koşullu kapsama testi reddetmiyor';
  return `${e.exceptions} aşım / ${e.observations} gözlem (beklenen ${e.expectedExceptions.toFixed(2).replace('.', ',')}); Basel bölgesi ${zone}; ${kupiec}; ${cc}; SPK: ${spk}.`;
}

/**
 * Exceptions (P&L < −VaR), Kupiec POF, Christoffersen independence and conditional coverage
 * (rejected at 5 %), Basel traffic light over all observations, SPK thresholds over the last 250.
 */
export function evaluateBacktest(
  dates: readonly string[],
  pnl: readonly number[],
  valueAtRisk: readonly number[],
  confidenceLevel: number,
): BacktestEvaluation {
  const hits = exceptions(pnl, valueAtRisk);
  const count = hits.reduce((s, h) => s + h, 0);
  const last250 = hits.slice(Math.max(0, hits.length - 250)).reduce((s, h) => s + h, 0);
  const kupiec = kupiecTest(hits, confidenceLevel);
  const christoffersen = christoffersenTest(hits, confidenceLevel);
  const basel = baselTrafficLight(count, hits.length, confidenceLevel);
  const spk = spkBacktestThresholds(last250);
  const lr = (t: { statistic: number; pValue: number }) => ({
    ...t,
    rejected: t.pValue < CRITICAL_5PCT,
  });
  const e = {
    observations: hits.length,
    exceptions: count,
    exceptionDates: dates.filter((_, i) => hits[i] === 1),
    expectedExceptions: hits.length * (1 - confidenceLevel),
    kupiec: lr(kupiec),
    christoffersenIndependence: lr(christoffersen.independence),
    christoffersenConditional: lr(christoffersen.conditionalCoverage),
    baselZone: basel.zone,
    baselPlusFactor: basel.plusFactor,
    cumulativeProbability: basel.cumulativeProbability,
    spkExceptionsLast250: last250,
    spkReviewRequired: spk.reviewRequired,
    spkReportRequired: spk.reportRequired,
  };
  return { ...e, verdict: verdictText(e) };
}
