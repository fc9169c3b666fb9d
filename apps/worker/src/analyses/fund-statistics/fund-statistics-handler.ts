// 'fund-statistics': performance and risk figures of funds from their stored unit prices.
import {
  buildTable,
  FUND_FIGURES,
  FUND_FIGURE_KEYS,
  FUND_STATISTICS_TABLES,
  type FundStatisticsInputs,
  type FundStatisticsResult,
  type FundStatisticsRow,
} from '@fonrisk/contracts';
import {
  type Database,
  and,
  asc,
  gte,
  inArray,
  lte,
  marketSeries,
  marketValues,
  sql,
} from '@fonrisk/db';
import { fundStatistics, monthsBefore, periodKey, type PriceSeries } from '@fonrisk/risk';
import { AnalysisInputError, RunCancelledError } from '../../runner/errors.ts';
import type { AnalysisHandler, RunContext } from '../../runner/handler.ts';

/** Stored prices of the tickers from `from` to `to`, ascending; names from the series master. */
export async function loadPriceSeries(
  db: Database,
  tickers: readonly string[],
  from: string,
  to: string,
): Promise<Map<string, PriceSeries & { name: string }>> {
  const meta = await db
    .select({ ticker: marketSeries.ticker, name: marketSeries.name })
    .from(marketSeries)
    .where(inArray(marketSeries.ticker, [...tickers]));
  const rows = await db
    .select()
    .from(marketValues)
    .where(
      and(
        inArray(marketValues.ticker, [...tickers]),
        gte(marketValues.date, from),
        lte(marketValues.date, to),
      ),
    )
    .orderBy(asc(marketValues.ticker), asc(marketValues.date));
  const out = new Map<string, { name: string; dates: string[]; prices: number[] }>();
  for (const m of meta) out.set(m.ticker, { name: m.name, dates: [], prices: [] });
  for (const r of rows) {
    const s = out.get(r.ticker);
    if (s && r.value > 0) {
      s.dates.push(r.date);
      s.prices.push(r.value);
    }
  }
  return out;
}

/** Periods per year of each frequency (docs/decisions/0003). */
const PERIODS_PER_YEAR = { daily: 252, weekly: 52, monthly: 12 } as const;

/** The last price of each ISO week or month (daily: unchanged). */
export function resample<S extends PriceSeries>(
  s: S,
  frequency: 'daily' | 'weekly' | 'monthly',
): S {
  if (frequency === 'daily') return s;
  const dates: string[] = [];
  const prices: number[] = [];
  const period = frequency === 'weekly' ? 'weekly' : 'monthly';
  for (let i = 0; i < s.dates.length; i++) {
    const last =
      i === s.dates.length - 1 ||
      periodKey(s.dates[i + 1]!, period) !== periodKey(s.dates[i]!, period);
    if (last) {
      dates.push(s.dates[i]!);
      prices.push(s.prices[i]!);
    }
  }
  return { ...s, dates, prices };
}

/** Ranks (1 = best) of the funds on each figure with a direction; nulls are not ranked. */
export function rankFunds(
  rows: readonly FundStatisticsRow[],
): Record<string, Record<string, number>> {
  const ranks: Record<string, Record<string, number>> = {};
  for (const key of FUND_FIGURE_KEYS) {
    const better = FUND_FIGURES[key].higherIsBetter;
    if (better === null) continue;
    const sorted = rows
      .filter((r) => r.figures[key] !== null)
      .sort((a, b) =>
        better ? b.figures[key]! - a.figures[key]! : a.figures[key]! - b.figures[key]!,
      );
    ranks[key] = Object.fromEntries(sorted.map((r, i) => [r.code, i + 1]));
  }
  return ranks;
}

/** The latest official risk value of each fund on or before the date (official_risk_values). */
async function latestOfficialRiskValues(
  db: Database,
  codes: readonly string[],
  date: string,
): Promise<Map<string, { value: number; date: string }>> {
  const rows = await db.execute<{ code: string; value: number; date: string }>(sql`
    SELECT DISTINCT ON (fund_code) fund_code AS code, risk_value AS value,
      to_char(date, 'YYYY-MM-DD') AS date
    FROM official_risk_values WHERE fund_code = ANY(${sql.param([...codes])}::text[]) AND date <= ${date}
    ORDER BY fund_code, date DESC`);
  return new Map(rows.rows.map((r) => [r.code, { value: r.value, date: r.date }]));
}

async function runFundStatistics(ctx: RunContext<FundStatisticsInputs>) {
  const { inputs } = ctx;
  const riskFreeRatePct = inputs.riskFreeRatePct ?? 0;
  const confidenceLevel = inputs.confidenceLevel ?? 0.95;
  const frequency = inputs.frequency ?? 'daily';
  const periodsPerYear = PERIODS_PER_YEAR[frequency];
  // Five years before the end for the 5Y period return, a week of margin for holidays.
  const historyFrom = [inputs.fromDate, monthsBefore(inputs.toDate, 60)].sort()[0]!;
  const loadFrom = new Date(Date.parse(`${historyFrom}T00:00:00Z`) - 7 * 86_400_000)
    .toISOString()
    .slice(0, 10);
  await ctx.progress(0.1, 'Birim pay fiyatları okunuyor');
  const tickers = [
    ...inputs.fundCodes,
    ...(inputs.benchmarkTicker ? [inputs.benchmarkTicker] : []),
  ];
  const series = await loadPriceSeries(ctx.db, tickers, loadFrom, inputs.toDate);
  for (const [k, v] of series) series.set(k, resample(v, frequency));
  const bench = inputs.benchmarkTicker ? series.get(inputs.benchmarkTicker) : undefined;
  if (inputs.benchmarkTicker && (!bench || bench.dates.length < 3))
    throw new AnalysisInputError(
      `${inputs.benchmarkTicker} karşılaştırma ölçütünün ${inputs.fromDate} – ${inputs.toDate} için fiyatı yok.`,
    );
  const official = await latestOfficialRiskValues(ctx.db, inputs.fundCodes, inputs.toDate);
  const funds: FundStatisticsRow[] = [];
  for (const [k, code] of inputs.fundCodes.entries()) {
    if (ctx.signal.aborted) throw new RunCancelledError();
    await ctx.progress(0.1 + (0.8 * k) / inputs.fundCodes.length, `${code} hesaplanıyor`);
    const s = series.get(code);
    if (!s || s.dates.length === 0)
      throw new AnalysisInputError(
        `${code} için kayıtlı birim pay fiyatı bulunamadı (TEFAS Karşılaştırma ekranından çekilebilir).`,
      );
    const inPeriod = s.dates.filter((d) => d >= inputs.fromDate).length;
    if (inPeriod < 3)
      throw new AnalysisInputError(
        `${code}: ${inputs.fromDate} – ${inputs.toDate} döneminde en az 3 fiyat gerekir, ${inPeriod} var.`,
      );
    const st = fundStatistics(s, bench ?? null, {
      fromDate: inputs.fromDate,
      riskFreeAnnual: riskFreeRatePct / 100,
      confidenceLevel,
      periodsPerYear,
    });
    funds.push({
      code,
      name: s.name,
      firstDate: st.firstDate,
      lastDate: st.lastDate,
      observations: st.observations,
      figures: Object.fromEntries(
        FUND_FIGURE_KEYS.map((key) => [key, st[key]]),
      ) as FundStatisticsRow['figures'],
      drawdownPeakDate: st.drawdownPeakDate,
      drawdownTroughDate: st.drawdownTroughDate,
      drawdownRecoveryDate: st.drawdownRecoveryDate,
      officialRiskValue: official.get(code)?.value ?? null,
      officialRiskDate: official.get(code)?.date ?? null,
      periodReturns: st.periodReturns.map((p) => ({
        period: p.period,
        cumulative: p.cumulative,
        annualized: p.annualized,
      })),
      monthly: st.monthly,
      yearly: st.yearly,
      curve: st.curve,
    });
  }
  const benchmark = bench
    ? (() => {
        const st = fundStatistics(bench, null, { fromDate: inputs.fromDate, periodsPerYear });
        return { ticker: inputs.benchmarkTicker!, name: bench.name, curve: st.curve };
      })()
    : null;
  await ctx.progress(1, 'Fon istatistikleri tamamlandı');
  const result: FundStatisticsResult = {
    fromDate: inputs.fromDate,
    frequency,
    toDate: inputs.toDate,
    riskFreeRatePct,
    confidenceLevel,
    funds,
    benchmark,
    ranks: rankFunds(funds),
    tables: {
      figures: buildTable(
        FUND_STATISTICS_TABLES.figures,
        funds.map((f) => ({
          code: f.code,
          name: f.name,
          firstDate: f.firstDate,
          lastDate: f.lastDate,
          ...f.figures,
          officialRiskValue: f.officialRiskValue ?? null,
          ...(Object.fromEntries(
            f.periodReturns.map((p) => [`r${p.period}`, p.cumulative]),
          ) as Record<`r${string}`, number | null>),
        })),
      ),
      calendar: buildTable(
        FUND_STATISTICS_TABLES.calendar,
        funds.flatMap((f) =>
          f.yearly.map((y) => ({
            code: f.code,
            year: String(y.year),
            ...(Object.fromEntries(
              f.monthly.filter((m) => m.year === y.year).map((m) => [`m${m.month}`, m.return]),
            ) as Record<`m${string}`, number | null>),
            total: y.return,
          })),
        ),
      ),
    },
  };
  return {
    result,
    dataSnapshot: {
      priceDates: Object.fromEntries(
        funds.map((f) => [f.code, { first: f.firstDate, last: f.lastDate }]),
      ),
      benchmark: inputs.benchmarkTicker ?? null,
    },
  };
}

export const fundStatisticsHandler: AnalysisHandler<'fund-statistics'> = {
  run: runFundStatistics,
};
