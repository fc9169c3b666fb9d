// 'performance-report': a fund's TWR from unit prices vs its benchmark, net and gross of fees,
// risk figures, linked Brinson-Fachler attribution and contribution by position. The handler
// orchestrates: it reads the inputs, calls the pieces beside it (fund-returns, benchmark-returns,
// window-risk, holdings-periods, asset-class-attribution, sector-attribution, performance-tables,
// performance-charts) and assembles the result.
import {
  type Attribution,
  type PerformanceReportInputs,
  type PerformanceReportResult,
  type ReturnReconciliation,
} from '@fonrisk/contracts';
import { FEE_RATE_SOURCE_LABELS } from '@fonrisk/contracts';
import type { AnalysisHandler, RunContext } from '../../runner/handler.ts';
import { holdingsDates, resolvePortfolios } from '../data/load.ts';
import { assetClassAttribution } from './asset-class-attribution.ts';
import { reconcileReturns, type linkedContributions } from './attribution.ts';
import { benchmarkReturns, fundBenchmark } from './benchmark-returns.ts';
import { fundReturns } from './fund-returns.ts';
import { loadHoldingsPeriods } from './holdings-periods.ts';
import { feeRateOf, loadFund } from './performance-data.ts';
import { performanceCharts } from './performance-charts.ts';
import { DAYS_PER_YEAR, periodsTable } from './performance-figures.ts';
import { performanceTables } from './performance-tables.ts';
import { sectorAttribution } from './sector-attribution.ts';
import { RISK_FREE_TICKER, windowRisk } from './window-risk.ts';

async function runPerformanceReport(
  ctx: RunContext<PerformanceReportInputs>,
): Promise<{ result: PerformanceReportResult; dataSnapshot: Record<string, unknown> }> {
  const { portfolioCode, asOfDate } = ctx.inputs;
  const db = ctx.db;
  await ctx.progress(0, 'Birim pay fiyatları okunuyor');
  const fund = await loadFund(db, portfolioCode);
  const fee = await feeRateOf(db, portfolioCode, ctx.inputs.annualFeeRatePct);
  const annualFeeRatePct = fee.annualFeeRatePct;
  const { dates, net, gross, inception, lastDate, fromDate, windowStart } = await fundReturns(
    db,
    fund,
    ctx.inputs,
    annualFeeRatePct,
  );

  await ctx.progress(0.15, 'Karşılaştırma ölçütü hesaplanıyor');
  const bm = await fundBenchmark(db, portfolioCode, fund, inception, asOfDate);
  const bench = benchmarkReturns(bm, dates);
  const path = bench.path;
  const periods = periodsTable(dates, net, gross, bench.fromStart);

  // Risk figures over the window (returns dated after fromDate).
  const benchW = path && bench.start <= windowStart ? bench.returns.slice(windowStart) : null;
  const risk = await windowRisk(db, dates, net, benchW, windowStart, asOfDate);

  // Attribution over consecutive holdings dates of the window.
  await ctx.progress(0.3, 'Getiri ayrıştırması hesaplanıyor');
  const [ref] = await resolvePortfolios(db, [portfolioCode]);
  const hDates = (await holdingsDates(db, ref!, fromDate, asOfDate)).filter(
    (d) => path !== null && d >= path.dates[0]!,
  );
  let byAssetClass: Attribution | null = null;
  let byAssetClassNote: string | null = null;
  let bySector: Attribution | null = null;
  let bySectorNote: string | null = null;
  let contributions: ReturnType<typeof linkedContributions> = [];
  let holdingsReturn: number | null = null;
  let reconciliation: ReturnReconciliation | null = null;
  if (hDates.length < 2 || path === null) {
    byAssetClassNote = `${fromDate} – ${asOfDate} döneminde ölçüt verisiyle örtüşen en az iki portföy dağılımı gerekir (${hDates.length} var).`;
  } else {
    const fundPeriod = await loadHoldingsPeriods(db, ref!, hDates);
    ({ byAssetClass, contributions } = assetClassAttribution(
      hDates,
      fundPeriod,
      path,
      bm,
      ctx.signal,
    ));
    holdingsReturn = byAssetClass.portfolioReturn;
    reconciliation = reconcileReturns({
      dates,
      net,
      gross,
      fromDate: hDates[0]!,
      toDate: hDates.at(-1)!,
      holdingsReturn,
    });
    await ctx.progress(0.7, 'Sektör ayrıştırması hesaplanıyor');
    ({ bySector, bySectorNote } = await sectorAttribution(db, bm, path, hDates, fundPeriod, {
      fromDate,
      asOfDate,
    }));
  }

  await ctx.progress(0.9, 'Rapor tabloları hazırlanıyor');
  const tables = performanceTables({
    periods,
    risk,
    contributions,
    byAssetClass,
    bySector,
    reconciliation,
    annualFeeRatePct,
    fromDate,
    asOfDate,
  });
  const charts = performanceCharts({
    dates,
    net,
    gross,
    benchmark: benchW ? bench.returns : null,
    windowStart,
    periods,
    byAssetClass,
  });
  await ctx.progress(1, 'Performans raporu tamamlandı');
  return {
    result: {
      portfolioCode,
      portfolioName: fund.name,
      benchmarkCode: bm.code,
      benchmarkName: bm.name,
      asOfDate: lastDate,
      fromDate: dates[windowStart]!,
      inceptionDate: inception,
      annualFeeRatePct,
      feeRateSource: fee.source,
      periods,
      risk,
      byAssetClass,
      byAssetClassNote,
      bySector,
      bySectorNote,
      holdingsReturn,
      reconciliation,
      tables,
      charts,
    },
    dataSnapshot: {
      priceSeries: fund.priceTicker,
      pricesThrough: lastDate,
      inceptionDate: inception,
      holdingsDates: hDates.length
        ? { first: hDates[0], last: hDates.at(-1), count: hDates.length }
        : null,
      benchmarkComponents: bm.components.map((c) => ({
        ticker: c.ticker,
        weightPct: c.weightPct,
        assetClass: c.assetClass,
      })),
      conventions: {
        returns: 'birim pay fiyatından günlük zaman ağırlıklı getiri',
        gross: `günlük yönetim ücreti eklenerek (yıllık %${annualFeeRatePct}, gerçek/365; ${FEE_RATE_SOURCE_LABELS[fee.source]})`,
        annualisation: `${DAYS_PER_YEAR} iş günü`,
        riskFree: RISK_FREE_TICKER,
        linking: byAssetClass?.linking ?? null,
      },
    },
  };
}

export const performanceReportHandler: AnalysisHandler<'performance-report'> = {
  run: runPerformanceReport,
};
