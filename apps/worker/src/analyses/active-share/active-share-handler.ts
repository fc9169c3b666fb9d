// 'active-share': funds against the holdings of their reference (holdings) benchmark.
import {
  ACTIVE_SHARE_PERIODS_PER_YEAR,
  type ActiveShareFund,
  type ActiveShareInputs,
  type ActiveShareResult,
  type ActiveWeightRow,
  type ResultCharts,
  buildTable,
  signColor,
  ACTIVE_SHARE_TABLES,
} from '@fonrisk/contracts';
import { type Database, benchmarks, eq, inArray, instruments } from '@fonrisk/db';
import {
  activePremium,
  activeShare,
  activeWeightsBy,
  informationRatio,
  trackingError,
  weightsFromValues,
  type ActiveWeight,
} from '@fonrisk/risk';
import { AnalysisInputError, RunCancelledError } from '../../runner/errors.ts';
import type { AnalysisHandler, RunContext } from '../../runner/handler.ts';
import {
  alignedReturns,
  calendarDaysBefore,
  dailyReturns,
  mainTypeLabel,
} from '../data/daily-returns.ts';
import {
  holdingsDates,
  latestHoldingsDate,
  loadSnapshots,
  resolvePortfolios,
  type PortfolioRef,
  type Snapshot,
} from '../data/load.ts';

/** Fewest common daily returns for a tracking error (below: null and a note). */
const MIN_TE_OBSERVATIONS = 20;
/** Calendar days read per business day of the window (weekends and holidays). */
const CALENDAR_PER_BUSINESS_DAY = 1.6;

export const ACTIVE_SHARE_CONVENTIONS = {
  periodsPerYear: ACTIVE_SHARE_PERIODS_PER_YEAR,
  trackingError: 'sd(Rf − Rb) · √252, örneklem standart sapması (0003)',
  returns: 'Birim pay fiyatlarından günlük basit getiri; ortak günler',
} as const;

interface HoldingsBenchmark {
  readonly code: string;
  readonly name: string;
  readonly portfolio: PortfolioRef;
}

/** The holdings benchmark of a fund, or a Turkish refusal naming the fund and the benchmark. */
async function holdingsBenchmark(
  db: Database,
  ref: PortfolioRef,
  override: string | null,
): Promise<HoldingsBenchmark> {
  const code = override ?? ref.referenceBenchmarkCode;
  if (code === null)
    throw new AnalysisInputError(
      `${ref.code} fonunun karşılaştırma ölçütü tanımlı değil; Referans Ölçüt ekranından portföy tabanlı bir ölçüt atayın.`,
    );
  const [b] = await db.select().from(benchmarks).where(eq(benchmarks.code, code));
  if (!b) throw new AnalysisInputError(`${code} kodlu karşılaştırma ölçütü bulunamadı.`);
  if (b.kind !== 'holdings' || b.holdingsPortfolioCode === null)
    throw new AnalysisInputError(
      `${ref.code} fonunun karşılaştırma ölçütü ${code} (${b.name}) bir endeks bileşimi; pay bazında varlıkları yok. Aktif pay için portföy tabanlı bir ölçüt seçin.`,
    );
  const [portfolio] = await resolvePortfolios(db, [b.holdingsPortfolioCode]);
  return { code, name: b.name, portfolio: portfolio! };
}

/** Value per instrument of a snapshot, lines worth zero (futures) left out. */
function values(s: Snapshot): { id: string; value: number }[] {
  return s.positions
    .filter((p) => p.valueTry !== 0)
    .map((p) => ({ id: p.instrumentCode, value: p.valueTry }));
}

function weigh(ref: string, side: string, s: Snapshot): { id: string; weight: number }[] {
  try {
    return weightsFromValues(values(s), side);
  } catch {
    throw new AnalysisInputError(`${ref} portföyünün ${s.date} tarihli değeri sıfır veya eksi.`);
  }
}

async function instrumentInfo(
  db: Database,
  codes: readonly string[],
): Promise<Map<string, { name: string; sector: string }>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({
      code: instruments.code,
      name: instruments.name,
      sector: instruments.sector,
      mainType: instruments.mainType,
    })
    .from(instruments)
    .where(inArray(instruments.code, [...codes]));
  return new Map(
    rows.map((r) => [
      r.code,
      {
        name: r.name,
        sector: r.sector ?? mainTypeLabel(r.mainType),
      },
    ]),
  );
}

/** The latest of `dates` (ascending) on or before `date`, or null. */
function onOrBefore(dates: readonly string[], date: string): string | null {
  let found: string | null = null;
  for (const d of dates) if (d <= date) found = d;
  return found;
}

async function fundActiveShare(
  ctx: RunContext<ActiveShareInputs>,
  ref: PortfolioRef,
): Promise<ActiveShareFund> {
  const { asOfDate, windowDays, benchmarkCode } = ctx.inputs;
  const db = ctx.db;
  const bm = await holdingsBenchmark(db, ref, benchmarkCode);
  const fundDate = await latestHoldingsDate(db, ref, asOfDate);
  if (fundDate === null)
    throw new AnalysisInputError(
      `${ref.code} fonunun ${asOfDate} tarihine kadar portföy kaydı yok.`,
    );
  const benchDate = await latestHoldingsDate(db, bm.portfolio, asOfDate);
  if (benchDate === null)
    throw new AnalysisInputError(
      `${ref.code} fonunun karşılaştırma ölçütü ${bm.code}: ${bm.portfolio.code} portföyünün ${asOfDate} tarihine kadar varlık kaydı yok.`,
    );
  const notes: string[] = [];

  // Window: the last `windowDays` common daily returns of fund and benchmark up to the date.
  const readFrom = calendarDaysBefore(
    asOfDate,
    Math.ceil(windowDays * CALENDAR_PER_BUSINESS_DAY) + 7,
  );
  const returns = await dailyReturns(db, [ref.code, bm.portfolio.code], readFrom, asOfDate);
  const fundReturns = returns.get(ref.code)!;
  if (fundReturns.size === 0 && fundDate < readFrom)
    throw new AnalysisInputError(
      `${ref.code} fonunun ${readFrom} – ${asOfDate} penceresinde ne portföy kaydı ne birim pay fiyatı var (son portföy ${fundDate}).`,
    );
  const pair = alignedReturns(fundReturns, returns.get(bm.portfolio.code)!, windowDays);
  let te: number | null = null;
  let ap: number | null = null;
  let ir: number | null = null;
  if (pair.dates.length >= MIN_TE_OBSERVATIONS) {
    const opts = { periodsPerYear: ACTIVE_SHARE_PERIODS_PER_YEAR };
    te = trackingError(pair.a, pair.b, opts);
    ap = activePremium(pair.a, pair.b, opts);
    ir = informationRatio(pair.a, pair.b, opts);
  } else {
    notes.push(
      `İzleme hatası hesaplanmadı: ${ref.code} ve ${bm.portfolio.code} birim pay fiyatlarının pencerede ${pair.dates.length} ortak günlük getirisi var, en az ${MIN_TE_OBSERVATIONS} gerekir.`,
    );
  }
  const windowFrom = pair.dates[0] ?? null;
  const historyFrom = windowFrom ?? readFrom;

  // Holdings on the date and on every stored date of the window (history).
  const fundDates = (await holdingsDates(db, ref, historyFrom, asOfDate)).filter(
    (d) => d !== fundDate,
  );
  const benchDates = await holdingsDates(db, bm.portfolio, '0001-01-01', asOfDate);
  const fundSnaps = await loadSnapshots(db, ref, [...fundDates, fundDate]);
  const allFundDates = [...fundDates, fundDate].sort();
  const benchFor = new Map(allFundDates.map((d) => [d, onOrBefore(benchDates, d)]));
  const needed = new Set([benchDate, ...[...benchFor.values()].filter((d) => d !== null)]);
  const benchSnaps = await loadSnapshots(db, bm.portfolio, [...needed]);

  const fundWeights = weigh(ref.code, 'fund', fundSnaps.get(fundDate)!);
  const benchWeights = weigh(bm.portfolio.code, 'benchmark', benchSnaps.get(benchDate)!);
  const current = activeShare(fundWeights, benchWeights);
  const names = new Map<string, string>();
  for (const s of [fundSnaps.get(fundDate)!, benchSnaps.get(benchDate)!])
    for (const p of s.positions)
      if (p.instrumentName !== null) names.set(p.instrumentCode, p.instrumentName);
  const info = await instrumentInfo(
    db,
    current.weights.map((w) => w.id),
  );
  const sectorOf = (id: string): string => info.get(id)?.sector ?? 'Diğer';
  const row = (w: ActiveWeight, name: string, sector: string): ActiveWeightRow => ({
    key: w.id,
    name,
    sector,
    fundWeight: w.fundWeight,
    benchmarkWeight: w.benchmarkWeight,
    activeWeight: w.activeWeight,
  });
  const securities = current.weights.map((w) =>
    row(w, names.get(w.id) ?? info.get(w.id)?.name ?? w.id, sectorOf(w.id)),
  );
  const sectorWeights = activeWeightsBy(current.weights, sectorOf);
  const sectors = sectorWeights.map((w) => row(w, w.id, w.id));

  const history: { date: string; activeShare: number }[] = [];
  for (const date of allFundDates) {
    const b = benchFor.get(date) ?? null;
    if (b === null) continue;
    history.push({
      date,
      activeShare: activeShare(
        weigh(ref.code, 'fund', fundSnaps.get(date)!),
        weigh(bm.portfolio.code, 'benchmark', benchSnaps.get(b)!),
      ).activeShare,
    });
  }
  if (benchDate !== fundDate)
    notes.push(
      `Ölçüt varlıkları ${benchDate} tarihli (fonun portföyü ${fundDate}): en yakın önceki kayıt kullanıldı.`,
    );
  return {
    portfolioCode: ref.code,
    portfolioName: ref.name,
    benchmarkCode: bm.code,
    benchmarkName: bm.name,
    benchmarkPortfolioCode: bm.portfolio.code,
    holdingsDate: fundDate,
    benchmarkHoldingsDate: benchDate,
    activeShare: current.activeShare,
    sectorActiveShare: sectorWeights.reduce((s, w) => s + Math.abs(w.activeWeight), 0) / 2,
    trackingError: te,
    activePremium: ap,
    informationRatio: ir,
    observations: pair.dates.length,
    windowFrom,
    windowTo: pair.dates.at(-1) ?? null,
    securities,
    sectors,
    history,
    notes,
  };
}

/** The active share history of every fund and each fund's sector bets, as plain ECharts options. */
export function activeShareCharts(funds: readonly ActiveShareFund[]): ResultCharts {
  const charts: ResultCharts = {
    history: {
      title: 'Aktif Pay Geçmişi',
      option: {
        tooltip: { trigger: 'axis' },
        legend: { top: 0 },
        grid: { left: 56, right: 24, top: 36, bottom: 32 },
        xAxis: { type: 'time' },
        yAxis: {
          type: 'value',
          min: 0,
          max: 100,
          name: 'Aktif pay (%)',
          axisLabel: { formatter: '%{value}' },
        },
        series: funds.map((f) => ({
          name: f.portfolioCode,
          type: 'line',
          showSymbol: f.history.length < 40,
          data: f.history.map((h) => [h.date, Math.round(h.activeShare * 10000) / 100]),
        })),
      },
    },
  };
  for (const f of funds) {
    const rows = [...f.sectors].reverse();
    charts[`sectors:${f.portfolioCode}`] = {
      title: `${f.portfolioCode}: Sektör Bazında Fazla ve Eksik Ağırlıklar`,
      option: {
        tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
        grid: { left: 140, right: 32, top: 24, bottom: 32 },
        xAxis: { type: 'value', name: 'Aktif ağırlık (yüzde puan)' },
        yAxis: { type: 'category', data: rows.map((r) => r.key) },
        series: [
          {
            type: 'bar',
            data: rows.map((r) => ({
              value: Math.round(r.activeWeight * 10000) / 100,
              // A sign's colours (decision 0058): over-weight blue, under-weight red; green is
              // the "within limit" status, never a sign.
              itemStyle: { color: signColor(r.activeWeight) },
            })),
          },
        ],
      },
    };
  }
  return charts;
}

export function activeShareTables(funds: readonly ActiveShareFund[]): ActiveShareResult['tables'] {
  return {
    summary: buildTable(
      ACTIVE_SHARE_TABLES.summary,
      funds.map((f) => ({
        portfolioCode: f.portfolioCode,
        benchmarkCode: f.benchmarkCode,
        holdingsDate: f.holdingsDate,
        benchmarkHoldingsDate: f.benchmarkHoldingsDate,
        activeShare: f.activeShare,
        sectorActiveShare: f.sectorActiveShare,
        trackingError: f.trackingError,
        activePremium: f.activePremium,
        informationRatio: f.informationRatio,
        observations: f.observations,
        windowFrom: f.windowFrom,
        windowTo: f.windowTo,
      })),
    ),
    securities: buildTable(
      ACTIVE_SHARE_TABLES.securities,
      funds.flatMap((f) => f.securities.map((s) => ({ portfolioCode: f.portfolioCode, ...s }))),
    ),
    sectors: buildTable(
      ACTIVE_SHARE_TABLES.sectors,
      funds.flatMap((f) =>
        f.sectors.map((s) => ({
          portfolioCode: f.portfolioCode,
          key: s.key,
          fundWeight: s.fundWeight,
          benchmarkWeight: s.benchmarkWeight,
          activeWeight: s.activeWeight,
        })),
      ),
    ),
    history: buildTable(
      ACTIVE_SHARE_TABLES.history,
      funds.flatMap((f) => f.history.map((h) => ({ portfolioCode: f.portfolioCode, ...h }))),
    ),
  };
}

async function runActiveShare(
  ctx: RunContext<ActiveShareInputs>,
): Promise<{ result: ActiveShareResult; dataSnapshot: Record<string, unknown> }> {
  const refs = await resolvePortfolios(ctx.db, ctx.inputs.portfolioCodes);
  const funds: ActiveShareFund[] = [];
  for (const [k, ref] of refs.entries()) {
    if (ctx.signal.aborted) throw new RunCancelledError();
    await ctx.progress(k / refs.length, `${ref.code} fonunun aktif payı hesaplanıyor`);
    funds.push(await fundActiveShare(ctx, ref));
  }
  await ctx.progress(1, 'Aktif pay hesabı tamamlandı');
  const result: ActiveShareResult = {
    asOfDate: ctx.inputs.asOfDate,
    windowDays: ctx.inputs.windowDays,
    conventions: { ...ACTIVE_SHARE_CONVENTIONS },
    funds,
    tables: activeShareTables(funds),
    charts: activeShareCharts(funds),
  };
  return {
    result,
    dataSnapshot: {
      holdingsDates: Object.fromEntries(
        funds.map((f) => [
          f.portfolioCode,
          {
            fund: f.holdingsDate,
            benchmark: f.benchmarkHoldingsDate,
            benchmarkPortfolio: f.benchmarkPortfolioCode,
          },
        ]),
      ),
      returnWindows: Object.fromEntries(
        funds.map((f) => [
          f.portfolioCode,
          { from: f.windowFrom, to: f.windowTo, n: f.observations },
        ]),
      ),
    },
  };
}

export const activeShareHandler: AnalysisHandler<'active-share'> = { run: runActiveShare };
