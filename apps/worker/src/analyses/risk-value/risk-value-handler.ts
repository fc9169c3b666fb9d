// 'risk-value': SPK risk value (risk değeri, 1–7) of funds from their unit-price history
// (Rehber §9.3.2; regulation-and-methods.md §2).
import {
  buildTable,
  RISK_VALUE_SOURCE_LABELS,
  RISK_VALUE_TABLES,
  type RiskValueFund,
  type RiskValueInputs,
  type RiskValueResult,
  type RiskValueSource,
  type RiskValueWeek,
} from '@fonrisk/contracts';
import {
  type Database,
  and,
  benchmarkComponents,
  benchmarks,
  desc,
  eq,
  lte,
  officialRiskValues,
  readCalendarOverrides,
  readSeriesHistory,
} from '@fonrisk/db';
import {
  InsufficientHistoryError,
  addMonths,
  bandTableFor,
  checkRiskLabel,
  compositeReturns,
  formatIsoDate,
  parseIsoDate,
  riskValueHistory,
  weeklyReturns,
  createTurkishCalendar,
  type BusinessCalendar,
  type Rebalancing,
  type WeeklyReturn,
  buildScenarioMatrix,
  indexOnOrBefore,
} from '@fonrisk/risk';
import { AnalysisInputError, RunCancelledError } from '../../runner/errors.ts';
import type { AnalysisHandler, RunContext } from '../../runner/handler.ts';
import { portfolioOnDate } from '../data/portfolio-on-date.ts';
import { resolvePortfolios, type PortfolioRef } from '../data/load.ts';

/** Rehber §9.3.2.1: T = 260 weekly returns, m = 52; §9.3.2.2: 4-month update rule. */
export const RISK_VALUE_CONVENTIONS = {
  windowWeeks: 260,
  periodsPerYear: 52,
  updateMonths: 4,
} as const;

/** Price history read before the date: the 5-year window plus 5 years of class history. */
const HISTORY_YEARS = 10;
/** Business days of market history for the current-allocation portfolio (5 years). */
const ALLOCATION_DAYS = 1305;

/** Weekly returns of a composite benchmark (index series rebalanced to its weights); null otherwise. */
async function benchmarkWeeks(
  db: Database,
  code: string,
  from: string,
  to: string,
  method: RiskValueInputs['weeklyReturnMethod'],
  calendar: BusinessCalendar,
): Promise<{ weeks: WeeklyReturn[] | null; note: string | null }> {
  const [b] = await db.select().from(benchmarks).where(eq(benchmarks.code, code));
  if (!b) return { weeks: null, note: `Karşılaştırma ölçütü ${code} bulunamadı.` };
  if (b.kind !== 'composite') {
    return {
      weeks: null,
      note: `Karşılaştırma ölçütü ${code} bir portföyün varlıklarından oluşuyor; eksik haftalar bu tür ölçütle doldurulmadı.`,
    };
  }
  const components = await db
    .select()
    .from(benchmarkComponents)
    .where(eq(benchmarkComponents.benchmarkCode, code));
  const series = [];
  for (const c of components) {
    const s = await readSeriesHistory(db, c.seriesTicker, from, to);
    series.push({
      weightPct: c.weightPct,
      values: new Map(s.dates.map((d, i) => [d, s.values[i]!])),
    });
  }
  const points = compositeReturns(series, b.rebalancing as Rebalancing);
  if (points.length < 2)
    return { weeks: null, note: `Karşılaştırma ölçütü ${code} için veri yok.` };
  return {
    weeks: weeklyReturns(
      points.map((p) => p.date),
      points.map((p) => p.index),
      method,
      calendar,
    ),
    note: null,
  };
}

/**
 * The current allocation held over the last five years (Rehber §9.3.2.3, funds without a
 * benchmark): today's positions revalued on each past day by the scenario engine, daily returns
 * chained into an index, then weekly returns. Positions without five years of history are left
 * out and named.
 */
async function allocationWeeks(
  db: Database,
  code: string,
  asOfDate: string,
  method: RiskValueInputs['weeklyReturnMethod'],
  calendar: BusinessCalendar,
): Promise<{ weeks: WeeklyReturn[]; notes: string[] }> {
  const { snapshot, market } = await portfolioOnDate(db, code, asOfDate, ALLOCATION_DAYS + 1);
  const endIndex = indexOnOrBefore(market.dates, snapshot.date);
  const scenarios = Math.min(ALLOCATION_DAYS, endIndex);
  if (scenarios < 2) return { weeks: [], notes: [] };
  const matrix = buildScenarioMatrix(
    snapshot.positions,
    market,
    { endIndex, scenarios, stepDays: 1 },
    snapshot.date,
  );
  const base = matrix.positions.reduce((s, p) => s + p.valueTry, 0);
  const notes = matrix.unmapped.map(
    (u) => `Güncel dağılım portföyü: ${u.instrumentCode} (${u.reason}) hesaba katılmadı.`,
  );
  if (base <= 0) return { weeks: [], notes };
  const dates: string[] = [market.dates[endIndex - scenarios]!];
  const index: number[] = [1];
  for (let s = 0; s < scenarios; s++) {
    let pnl = 0;
    for (let i = 0; i < matrix.positions.length; i++) pnl += matrix.pnl[i * scenarios + s]!;
    index.push(index.at(-1)! * (1 + pnl / base));
    dates.push(market.dates[endIndex - scenarios + s + 1]!);
  }
  return { weeks: weeklyReturns(dates, index, method, calendar), notes };
}

function insufficient(code: string, error: unknown, minWeeks: number): never {
  if (error instanceof InsufficientHistoryError) {
    throw new AnalysisInputError(
      `${code} fonunun risk değeri hesaplanamadı: en az ${minWeeks} haftalık getiri gerekir, ${error.actual} var.`,
    );
  }
  throw error;
}

async function fundRiskValue(
  ctx: RunContext<RiskValueInputs>,
  ref: PortfolioRef,
  calendar: BusinessCalendar,
): Promise<RiskValueFund> {
  const { asOfDate, weeklyReturnMethod: method, minWeeks } = ctx.inputs;
  const from = formatIsoDate(addMonths(parseIsoDate(asOfDate), -12 * HISTORY_YEARS));
  const prices = await readSeriesHistory(ctx.db, ref.code, from, asOfDate);
  if (prices.dates.length < 2) {
    throw new AnalysisInputError(
      `${ref.code} fonunun ${asOfDate} tarihine kadar birim pay fiyatı yok (piyasa verisinde ${ref.code} kodlu seri).`,
    );
  }
  const fundWeeks = weeklyReturns(prices.dates, prices.values, method, calendar);
  const notes: string[] = [];
  let benchmark: WeeklyReturn[] | null = null;
  if (ref.referenceBenchmarkCode !== null) {
    const b = await benchmarkWeeks(
      ctx.db,
      ref.referenceBenchmarkCode,
      from,
      asOfDate,
      method,
      calendar,
    );
    benchmark = b.weeks;
    if (b.note !== null) notes.push(b.note);
  }
  const options = {
    ...RISK_VALUE_CONVENTIONS,
    minWeeks,
    benchmark: benchmark ?? undefined,
  };
  let own;
  try {
    own = riskValueHistory(fundWeeks, options);
  } catch (error) {
    insufficient(ref.code, error, minWeeks);
  }
  let source: RiskValueSource = own.history.at(-1)!.benchmarkWeeks > 0 ? 'benchmarkFill' : 'own';
  let allocationVolatility: number | null = null;
  let allocationRiskValue: number | null = null;
  let riskValue = own.officialRiskValue;
  if (ref.referenceBenchmarkCode === null) {
    try {
      const allocation = await allocationWeeks(ctx.db, ref.code, asOfDate, method, calendar);
      notes.push(...allocation.notes);
      const a = riskValueHistory(allocation.weeks, { ...RISK_VALUE_CONVENTIONS, minWeeks });
      allocationVolatility = a.volatility;
      allocationRiskValue = a.riskValue;
      riskValue = Math.max(own.officialRiskValue, a.riskValue);
      source = 'higherOfOwnAndAllocation';
    } catch (error) {
      if (error instanceof AnalysisInputError) {
        notes.push(
          `${error.message} Güncel dağılım sınıfı hesaplanamadı; yalnızca fonun kendi getirileri kullanıldı.`,
        );
      } else if (error instanceof InsufficientHistoryError) {
        notes.push(
          `Güncel varlık dağılımının ${minWeeks} haftalık geçmişi yok; yalnızca fonun kendi getirileri kullanıldı.`,
        );
      } else throw error;
    }
  }
  if (own.weeks < RISK_VALUE_CONVENTIONS.windowWeeks) {
    notes.push(
      `Hesap ${own.weeks} haftalık getiriye dayanıyor (5 yıl = ${RISK_VALUE_CONVENTIONS.windowWeeks} hafta); fonun ve ölçütünün geçmişi daha kısa.`,
    );
  }
  const [official] = await ctx.db
    .select()
    .from(officialRiskValues)
    .where(and(eq(officialRiskValues.fundCode, ref.code), lte(officialRiskValues.date, asOfDate)))
    .orderBy(desc(officialRiskValues.date))
    .limit(1);
  const last = own.history.at(-1)!;
  const table = bandTableFor(last.date);
  const history: RiskValueWeek[] = own.history.map((p, i) => ({
    date: p.date,
    volatility: p.volatility,
    riskValue: p.riskValue,
    officialRiskValue: p.officialRiskValue,
    weeks: p.weeks,
    benchmarkWeeks: p.benchmarkWeeks,
    changed: i > 0 && p.officialRiskValue !== own.history[i - 1]!.officialRiskValue,
  }));
  return {
    portfolioCode: ref.code,
    portfolioName: ref.name,
    asOfDate: last.date,
    volatility: own.volatility,
    weeklyRiskValue: own.riskValue,
    ownRiskValue: own.officialRiskValue,
    riskValue,
    weeks: own.weeks,
    benchmarkWeeks: last.benchmarkWeeks,
    benchmarkCode: ref.referenceBenchmarkCode,
    source,
    allocationVolatility,
    allocationRiskValue,
    officialTefasRiskValue: official?.riskValue ?? null,
    officialTefasDate: official?.date ?? null,
    officialTefasSource: official?.source ?? null,
    differsFromOfficial: official !== undefined && official.riskValue !== riskValue,
    label: checkRiskLabel(ref.name, riskValue),
    bands: table.bands.map((b) => ({
      riskValue: b.riskValue,
      lowerBound: b.lowerBound,
      upperBound: Number.isFinite(b.upperBound) ? b.upperBound : null,
      current: b.riskValue === own.riskValue,
    })),
    bandSource: table.source,
    history,
    notes,
  };
}

const yesNo = (v: boolean): string => (v ? 'Evet' : 'Hayır');

function labelText(f: RiskValueFund): string {
  const l = f.label;
  if (l.word === null) return 'İsimde risk ifadesi yok';
  const range = `${l.word}: ${l.minRiskValue}-${l.maxRiskValue}`;
  return l.consistent === true ? `Uygun (${range})` : `Uyumsuz (${range})`;
}

export function riskValueTables(funds: readonly RiskValueFund[]): RiskValueResult['tables'] {
  const bands = funds[0]?.bands ?? [];
  return {
    summary: buildTable(
      RISK_VALUE_TABLES.summary,
      funds.map((f) => ({
        portfolioCode: f.portfolioCode,
        portfolioName: f.portfolioName,
        asOfDate: f.asOfDate,
        volatility: f.volatility,
        weeklyRiskValue: f.weeklyRiskValue,
        ownRiskValue: f.ownRiskValue,
        allocationRiskValue: f.allocationRiskValue,
        riskValue: f.riskValue,
        officialTefasRiskValue: f.officialTefasRiskValue,
        differsLabel: f.officialTefasRiskValue === null ? '–' : yesNo(f.differsFromOfficial),
        differsFromOfficial: f.differsFromOfficial,
        weeks: f.weeks,
        benchmarkWeeks: f.benchmarkWeeks,
        sourceLabel: RISK_VALUE_SOURCE_LABELS[f.source],
        labelText: labelText(f),
        labelConsistent: f.label.consistent,
      })),
    ),
    bands: buildTable(
      RISK_VALUE_TABLES.bands,
      bands.map((b) => ({
        riskValue: b.riskValue,
        lowerBound: b.lowerBound,
        upperBound: b.upperBound,
        funds: funds
          .filter((f) => f.weeklyRiskValue === b.riskValue)
          .map((f) => f.portfolioCode)
          .join(', '),
      })),
    ),
    history: buildTable(
      RISK_VALUE_TABLES.history,
      funds.flatMap((f) =>
        f.history.map((h, i) => ({
          portfolioCode: f.portfolioCode,
          ...h,
          changedLabel: h.changed
            ? `${f.history[i - 1]!.officialRiskValue} → ${h.officialRiskValue}`
            : '',
        })),
      ),
    ),
  };
}

async function runRiskValue(
  ctx: RunContext<RiskValueInputs>,
): Promise<{ result: RiskValueResult; dataSnapshot: Record<string, unknown> }> {
  const refs = await resolvePortfolios(ctx.db, ctx.inputs.portfolioCodes);
  // The business days of the weeks: the Turkish calendar with the users' edits, read per run.
  const overrides = await readCalendarOverrides(ctx.db);
  const calendar = createTurkishCalendar(overrides);
  const funds: RiskValueFund[] = [];
  for (const [k, ref] of refs.entries()) {
    if (ctx.signal.aborted) throw new RunCancelledError();
    await ctx.progress(k / refs.length, `${ref.code} fonunun risk değeri hesaplanıyor`);
    funds.push(await fundRiskValue(ctx, ref, calendar));
  }
  await ctx.progress(1, 'Risk değeri hesabı tamamlandı');
  const result: RiskValueResult = {
    asOfDate: ctx.inputs.asOfDate,
    conventions: {
      ...RISK_VALUE_CONVENTIONS,
      minWeeks: ctx.inputs.minWeeks,
      weeklyReturnMethod: ctx.inputs.weeklyReturnMethod,
    },
    funds,
    tables: riskValueTables(funds),
  };
  return {
    result,
    dataSnapshot: {
      priceDataThrough: Object.fromEntries(funds.map((f) => [f.portfolioCode, f.asOfDate])),
      bandTable: funds[0]?.bandSource ?? null,
      businessDays: `Türkiye iş günü takvimi (yerleşik tatiller, ${overrides.length} kullanıcı düzenlemesi)`,
      calendarEdits: overrides.map((o) => `${o.date} ${o.kind}`),
    },
  };
}

export const riskValueHandler: AnalysisHandler<'risk-value'> = { run: runRiskValue };
