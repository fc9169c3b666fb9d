// The charts of a bond analysis.
import type { BondFigures, BondPortfolio, ResultCharts } from '@fonrisk/contracts';
import { barChartOption, lineChartOption } from '../report-charts.ts';

/** Price-yield and key-rate charts per distinct bond; DV01 buckets and shifts per portfolio. */
export function bondCharts(
  bonds: readonly BondFigures[],
  portfolios: readonly BondPortfolio[],
): ResultCharts {
  const charts: ResultCharts = {};
  // Per-bond charts of a single bond, or of each distinct bond of the portfolios.
  const seen = new Set<string>();
  for (const b of bonds) {
    if (seen.has(b.instrumentCode)) continue;
    seen.add(b.instrumentCode);
    charts[`priceYield:${b.instrumentCode}`] = {
      title: `Fiyat-Getiri Eğrisi · ${b.name}`,
      option: lineChartOption(
        [
          {
            name: 'Temiz fiyat',
            points: b.priceYield.map((p) => [Math.round(p.yieldPct * 100) / 100, p.cleanPrice]),
          },
          { name: 'Piyasa', points: [[Math.round(b.yieldPct * 100) / 100, b.cleanPrice]] },
        ],
        { xType: 'value', xName: 'Getiri (%)', yName: 'Temiz fiyat', digits: 4 },
      ),
    };
    if (b.keyRateDurations.length > 0)
      charts[`keyRates:${b.instrumentCode}`] = {
        title: `Anahtar Vade Durasyonları · ${b.name}`,
        option: barChartOption(
          b.keyRateDurations.map((k) => k.tenor),
          [{ name: 'Anahtar vade durasyonu', values: b.keyRateDurations.map((k) => k.duration) }],
        ),
      };
  }
  for (const portfolio of portfolios) {
    charts[`buckets:${portfolio.portfolioCode}`] = {
      title: 'Vade Dilimlerine Göre DV01 (TL)',
      option: barChartOption(
        portfolio.buckets.map((b) => b.label),
        [{ name: 'DV01 (TL)', values: portfolio.buckets.map((b) => b.dv01Try) }],
        { digits: 0 },
      ),
    };
    charts[`shifts:${portfolio.portfolioCode}`] = {
      title: 'Paralel Kayma Etkisi (TL)',
      option: barChartOption(
        portfolio.shifts.map((s) => `${s.shiftBp > 0 ? '+' : ''}${s.shiftBp} bp`),
        [
          {
            name: 'Tam yeniden değerleme',
            values: portfolio.shifts.map((s) => s.fullRevaluationTry),
          },
          {
            name: 'Durasyon + konveksite',
            values: portfolio.shifts.map((s) => s.durationConvexityTry),
          },
        ],
        { digits: 0 },
      ),
    };
  }
  return charts;
}
