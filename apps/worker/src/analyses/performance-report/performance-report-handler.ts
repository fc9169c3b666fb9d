// 'performance-report': a fund's TWR from unit prices vs its benchmark, net and gross of fees,
// risk figures, linked Brinson-Fachler attribution and contribution by position.
import {
  ATTRIBUTION_ASSET_CLASS_LABELS,
  type Attribution,
  type PerformanceReportInputs,
  type PerformanceReportResult,
  type ResultTables,
  type ReturnReconciliation,
  buildTable,
  PERFORMANCE_REPORT_TABLES,
} from '@fonrisk/contracts';
import { FEE_RATE_SOURCE_LABELS } from '@fonrisk/contracts';
import {
  grossOfFeeReturns,
  monthsBefore,
  parseIsoDate,
  type AttributionSegment,
} from '@fonrisk/risk';
import { AnalysisInputError, RunCancelledError } from '../../runner/errors.ts';
import type { AnalysisHandler, RunContext } from '../../runner/handler.ts';
import { holdingsDates, loadSnapshots, resolvePortfolios } from '../data/load.ts';
import { barChartOption, lineChartOption } from '../report-charts.ts';
import {
  holdingLines,
  linkedAttribution,
  linkedContributions,
  positionPeriod,
  reconcileReturns,
  reconciliationRows,
  segmentsOf,
  type BenchmarkSegment,
  type HoldingLine,
  type PositionPeriod,
} from './attribution.ts';
import { benchmarkPath, startHoldings, type BenchmarkPath } from './benchmark-index.ts';
import { instrumentsOf, loadDerivativePrices, loadIncomeEvents, trDate } from './income-events.ts';
import {
  feeRateOf,
  loadBenchmark,
  loadFund,
  loadIndexConstituents,
  sectorsOf,
  seriesValues,
} from './performance-data.ts';
import { indexOnOrBefore, indexSectorSegments } from './index-sectors.ts';
import {
  DAYS_PER_YEAR,
  attributionTable,
  periodsTable,
  riskFigures,
} from './performance-figures.ts';

/** Default window of risk figures and attribution: three years before the report date. */
const DEFAULT_WINDOW_MONTHS = 36;
/** The last unit price may be at most this many calendar days before the report date. */
const MAX_PRICE_GAP_DAYS = 7;
/** The risk-free rate series (TLREF, percent a year) for the Sharpe ratio. */
const RISK_FREE_TICKER = 'TLREF';

const days = (a: string, b: string) => parseIsoDate(b) - parseIsoDate(a);

async function runPerformanceReport(
  ctx: RunContext<PerformanceReportInputs>,
): Promise<{ result: PerformanceReportResult; dataSnapshot: Record<string, unknown> }> {
  const { portfolioCode, asOfDate } = ctx.inputs;
  const db = ctx.db;
  await ctx.progress(0, 'Birim pay fiyatları okunuyor');
  const fund = await loadFund(db, portfolioCode);
  const fee = await feeRateOf(db, portfolioCode, ctx.inputs.annualFeeRatePct);
  const annualFeeRatePct = fee.annualFeeRatePct;
  const prices = await seriesValues(db, fund.priceTicker, '1900-01-01', asOfDate);
  if (prices.dates.length < 2)
    throw new AnalysisInputError(
      `${portfolioCode} fonunun ${asOfDate} tarihine kadar en az iki birim pay fiyatı yok.`,
    );
  const lastDate = prices.dates.at(-1)!;
  if (days(lastDate, asOfDate) > MAX_PRICE_GAP_DAYS)
    throw new AnalysisInputError(
      `${portfolioCode} fonunun ${lastDate} sonrasında birim pay fiyatı yok; rapor tarihi ${asOfDate} için fiyat gerekli.`,
    );
  const inception = prices.dates[0]!;
  const requested = ctx.inputs.fromDate ?? monthsBefore(asOfDate, DEFAULT_WINDOW_MONTHS);
  const fromDate = requested < inception ? inception : requested;
  const windowStart = indexOnOrBefore(prices.dates, fromDate);
  if (windowStart < 0 || windowStart >= prices.dates.length - 1)
    throw new AnalysisInputError(
      `${portfolioCode} fonunun ${fromDate} – ${asOfDate} döneminde birim pay fiyatı yok.`,
    );
  const dates = prices.dates;
  const net = new Float64Array(dates.length - 1);
  for (let i = 1; i < dates.length; i++) {
    const p0 = prices.values[i - 1]!;
    const p1 = prices.values[i]!;
    if (!(p0 > 0) || !(p1 > 0))
      throw new AnalysisInputError(
        `${portfolioCode} fonunun ${dates[p0 > 0 ? i : i - 1]} tarihli birim pay fiyatı pozitif değil.`,
      );
    net[i - 1] = p1 / p0 - 1;
  }
  const gross = grossOfFeeReturns(dates, net, annualFeeRatePct / 100);

  await ctx.progress(0.15, 'Karşılaştırma ölçütü hesaplanıyor');
  if (fund.benchmarkCode === null)
    throw new AnalysisInputError(
      `${portfolioCode} fonunun karşılaştırma ölçütü tanımlı değil (Referans Ölçüt ekranından atayın).`,
    );
  const bm = await loadBenchmark(db, fund.benchmarkCode, monthsBefore(inception, 1), asOfDate);
  if (bm.components.length === 0)
    throw new AnalysisInputError(`Karşılaştırma ölçütü ${bm.code} bileşen içermiyor.`);
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
  const bench = path
    ? {
        dates: dates.slice(benchStart + 1),
        returns: benchReturns.slice(benchStart),
        start: dates[benchStart]!,
      }
    : null;

  const periods = periodsTable(dates, net, gross, bench);

  // Risk figures over the window (returns dated after fromDate).
  const w0 = windowStart;
  const netW = net.slice(w0);
  const benchW = path && benchStart <= w0 ? benchReturns.slice(w0) : null;
  const tlref = await seriesValues(db, RISK_FREE_TICKER, monthsBefore(dates[w0]!, 1), asOfDate);
  const rf = new Float64Array(netW.length);
  for (let i = 0; i < netW.length; i++) {
    const d0 = dates[w0 + i]!;
    const k = indexOnOrBefore(tlref.dates, d0);
    rf[i] = k >= 0 ? ((tlref.values[k]! / 100) * days(d0, dates[w0 + i + 1]!)) / 365 : 0;
  }
  const risk = riskFigures(netW, benchW, rf);

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
    const snapshots = await loadSnapshots(db, ref!, hDates);
    const codes = [
      ...new Set([...snapshots.values()].flatMap((s) => s.positions.map((p) => p.instrumentCode))),
    ];
    const sectors = await sectorsOf(db, codes);
    const lines = (d: string): HoldingLine[] => holdingLines(snapshots.get(d)!, sectors);
    const income = await loadIncomeEvents(
      db,
      instrumentsOf([...snapshots.values()]),
      hDates[0]!,
      hDates.at(-1)!,
    );
    const derivativePrice = await loadDerivativePrices(
      db,
      [...snapshots.values()],
      hDates[0]!,
      hDates.at(-1)!,
    );
    const positionPeriods: PositionPeriod[][] = [];
    const classPeriods: AttributionSegment[][] = [];
    for (let k = 1; k < hDates.length; k++) {
      if (ctx.signal.aborted) throw new RunCancelledError();
      const d0 = hDates[k - 1]!;
      const d1 = hDates[k]!;
      const pos = positionPeriod(lines(d0), lines(d1), d0, d1, income, derivativePrice);
      positionPeriods.push(pos);
      const t0 = indexOnOrBefore(path.dates, d0);
      const t1 = indexOnOrBefore(path.dates, d1);
      const h = startHoldings(path, bm.components, t0, bm.rebalancing);
      const total = h.reduce((s, x) => s + x, 0);
      const byClass = new Map<string, { w: number; wr: number }>();
      bm.components.forEach((c, j) => {
        const r = path.levels[j]![t1]! / path.levels[j]![t0]! - 1;
        const row = byClass.get(c.assetClass) ?? { w: 0, wr: 0 };
        row.w += h[j]! / total;
        row.wr += (h[j]! / total) * r;
        byClass.set(c.assetClass, row);
      });
      const benchSegments: BenchmarkSegment[] = [...byClass.entries()].map(([segment, v]) => ({
        segment,
        weight: v.w,
        return: v.w !== 0 ? v.wr / v.w : 0,
      }));
      classPeriods.push(segmentsOf(pos, (p) => p.assetClass, benchSegments));
    }
    byAssetClass = linkedAttribution(classPeriods);
    contributions = linkedContributions(positionPeriods);
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
    const equityOf = (pos: readonly PositionPeriod[]) => {
      const eq = pos.filter((p) => p.assetClass === 'equity');
      const w = eq.reduce((s, p) => s + p.weight, 0);
      return w > 0 ? eq.map((p) => ({ ...p, weight: p.weight / w })) : [];
    };
    if (bm.kind === 'holdings' && bm.holdingsPortfolioCode) {
      const [bref] = await resolvePortfolios(db, [bm.holdingsPortfolioCode]);
      const bDates = new Set(await holdingsDates(db, bref!, fromDate, asOfDate));
      const common = hDates.filter((d) => bDates.has(d));
      if (common.length >= 2) {
        const bSnaps = await loadSnapshots(db, bref!, common);
        const bCodes = [
          ...new Set([...bSnaps.values()].flatMap((s) => s.positions.map((p) => p.instrumentCode))),
        ];
        const bSectors = await sectorsOf(db, bCodes);
        const bLines = (d: string): HoldingLine[] => holdingLines(bSnaps.get(d)!, bSectors);
        const bIncome = await loadIncomeEvents(
          db,
          instrumentsOf([...bSnaps.values()]),
          common[0]!,
          common.at(-1)!,
        );
        const bDerivativePrice = await loadDerivativePrices(
          db,
          [...bSnaps.values()],
          common[0]!,
          common.at(-1)!,
        );
        const sectorPeriods: AttributionSegment[][] = [];
        for (let k = 1; k < common.length; k++) {
          const d0 = common[k - 1]!;
          const d1 = common[k]!;
          const fp = equityOf(
            positionPeriod(lines(d0), lines(d1), d0, d1, income, derivativePrice),
          );
          const bp = equityOf(
            positionPeriod(bLines(d0), bLines(d1), d0, d1, bIncome, bDerivativePrice),
          );
          const key = (p: PositionPeriod) => p.sector ?? 'Sektörü tanımsız';
          const bSeg = [...new Set(bp.map(key))].map((s) => {
            const ps = bp.filter((p) => key(p) === s);
            const w = ps.reduce((a, p) => a + p.weight, 0);
            return {
              segment: s,
              weight: w,
              return: w !== 0 ? ps.reduce((a, p) => a + p.weight * p.return, 0) / w : 0,
            };
          });
          if (fp.length > 0 && bp.length > 0) sectorPeriods.push(segmentsOf(fp, key, bSeg));
        }
        if (sectorPeriods.length > 0) bySector = linkedAttribution(sectorPeriods, (s) => s);
        else bySectorNote = 'Fonda ya da ölçütte dönem boyunca pay senedi yok.';
      } else bySectorNote = 'Ölçüt portföyünün bu dönemde en az iki dağılımı gerekir.';
    } else {
      // Index composite: the equity components' constituents (index_constituents) give the
      // benchmark's sector weights (capitalisation weights at the period start) and returns.
      const equity = bm.components
        .map((c, j) => ({ c, j }))
        .filter(({ c }) => c.assetClass === 'equity');
      const constituents = await loadIndexConstituents(
        db,
        equity.map((e) => e.c.ticker),
        monthsBefore(path.dates[0]!, 1),
        asOfDate,
      );
      const without = equity.filter((e) => !constituents.has(e.c.ticker));
      if (equity.length === 0)
        bySectorNote = `Ölçüt ${bm.name} pay endeksi içermiyor; sektör ayrıştırması yapılmadı.`;
      else if (without.length > 0)
        bySectorNote = `Ölçütün pay bileşeni ${without.map((e) => e.c.name).join(', ')} için endeks bileşenleri (sektörleriyle) tanımlı değil; sektör ayrıştırması yapılamadı.`;
      else {
        const key = (p: PositionPeriod) => p.sector ?? 'Sektörü tanımsız';
        const sectorPeriods: AttributionSegment[][] = [];
        for (let k = 1; k < hDates.length; k++) {
          const d0 = hDates[k - 1]!;
          const d1 = hDates[k]!;
          const fp = equityOf(
            positionPeriod(lines(d0), lines(d1), d0, d1, income, derivativePrice),
          );
          const bSeg = indexSectorSegments(
            equity.map(({ c, j }) => ({
              weight: startHoldings(
                path,
                bm.components,
                indexOnOrBefore(path.dates, d0),
                bm.rebalancing,
              )[j]!,
              constituents: constituents.get(c.ticker)!,
            })),
            d0,
            d1,
          );
          if (fp.length > 0 && bSeg.length > 0) sectorPeriods.push(segmentsOf(fp, key, bSeg));
        }
        if (sectorPeriods.length > 0) bySector = linkedAttribution(sectorPeriods, (x) => x);
        else bySectorNote = 'Fonda ya da ölçütte dönem boyunca pay senedi yok.';
      }
    }
  }

  await ctx.progress(0.9, 'Rapor tabloları hazırlanıyor');
  const cumulative = (xs: Float64Array) => {
    const pts: [string, number][] = [[dates[w0]!, 0]];
    let g = 1;
    for (let i = w0; i < xs.length; i++) {
      g *= 1 + xs[i]!;
      pts.push([dates[i + 1]!, (g - 1) * 100]);
    }
    return pts;
  };
  const cumNet = cumulative(net);
  const cumGross = cumulative(gross);
  const cumBench = benchW ? cumulative(benchReturns) : null;
  const pctRow = (label: string, value: number | null) => ({
    figure: label,
    percent: value,
    ratio: null,
  });
  const ratioRow = (label: string, value: number | null) => ({
    figure: label,
    percent: null,
    ratio: value,
  });
  const tables: ResultTables = {
    periods: buildTable(
      PERFORMANCE_REPORT_TABLES.periods,
      periods.map((p) => ({ ...p })),
    ),
    risk: buildTable(
      PERFORMANCE_REPORT_TABLES.risk,
      [
        pctRow('Yıllık oynaklık (fon)', risk.volatility),
        pctRow('Yıllık oynaklık (ölçüt)', risk.benchmarkVolatility),
        ratioRow('Sharpe oranı (yıllık, TLREF)', risk.sharpe),
        pctRow('Azami düşüş', risk.maxDrawdown),
        pctRow('Takip hatası (yıllık)', risk.trackingError),
        ratioRow('Bilgi oranı (yıllık)', risk.informationRatio),
        ratioRow('Beta', risk.beta),
      ],
      `${PERFORMANCE_REPORT_TABLES.risk.title} (${trDate(fromDate)} – ${trDate(asOfDate)})`,
    ),
    contributions: buildTable(
      PERFORMANCE_REPORT_TABLES.contributions,
      contributions.map((c) => ({
        ...c,
        assetClassLabel: ATTRIBUTION_ASSET_CLASS_LABELS[c.assetClass],
      })),
    ),
  };
  if (byAssetClass)
    tables.attributionAssetClass = attributionTable(
      PERFORMANCE_REPORT_TABLES.attributionAssetClass,
      byAssetClass,
    );
  if (reconciliation)
    tables.reconciliation = buildTable(
      PERFORMANCE_REPORT_TABLES.reconciliation,
      reconciliationRows(reconciliation, annualFeeRatePct),
      `${PERFORMANCE_REPORT_TABLES.reconciliation.title} (${trDate(reconciliation.fromDate)} – ${trDate(reconciliation.toDate)})`,
    );
  if (bySector)
    tables.attributionSector = attributionTable(
      PERFORMANCE_REPORT_TABLES.attributionSector,
      bySector,
    );
  const charts: PerformanceReportResult['charts'] = {
    cumulative: {
      title: 'Kümülatif Getiri (%)',
      option: lineChartOption(
        [
          { name: 'Fon (net)', points: cumNet },
          { name: 'Fon (brüt)', points: cumGross, dashed: true },
          ...(cumBench ? [{ name: 'Karşılaştırma ölçütü', points: cumBench }] : []),
        ],
        { xType: 'time', yUnit: '%', digits: 3 },
      ),
    },
    periods: {
      title: 'Dönemsel Getiriler (%)',
      option: barChartOption(
        periods.filter((p) => p.net !== null).map((p) => p.label),
        [
          {
            name: 'Net',
            values: periods.filter((p) => p.net !== null).map((p) => (p.net ?? 0) * 100),
          },
          {
            name: 'Ölçüt',
            values: periods.filter((p) => p.net !== null).map((p) => (p.benchmark ?? 0) * 100),
          },
        ],
        { yUnit: '%', digits: 2 },
      ),
    },
  };
  if (cumBench)
    charts.excess = {
      title: 'Kümülatif Fazla Getiri (fon − ölçüt, %)',
      option: lineChartOption(
        [
          {
            name: 'Fazla getiri',
            points: cumNet.map(([d, v], i) => [d, v - cumBench[i]![1]]),
            area: true,
          },
        ],
        { xType: 'time', yUnit: '%', digits: 3 },
      ),
    };
  if (byAssetClass)
    charts.attribution = {
      title: 'Varlık Sınıfı Bazında Etkiler (%)',
      option: barChartOption(
        byAssetClass.segments.map((s) => s.segment),
        [
          { name: 'Dağılım', values: byAssetClass.segments.map((s) => s.allocation * 100) },
          { name: 'Seçim', values: byAssetClass.segments.map((s) => s.selection * 100) },
          { name: 'Etkileşim', values: byAssetClass.segments.map((s) => s.interaction * 100) },
        ],
        { yUnit: '%', digits: 3, stacked: true },
      ),
    };
  await ctx.progress(1, 'Performans raporu tamamlandı');
  return {
    result: {
      portfolioCode,
      portfolioName: fund.name,
      benchmarkCode: bm.code,
      benchmarkName: bm.name,
      asOfDate: lastDate,
      fromDate: dates[w0]!,
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
