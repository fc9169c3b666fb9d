// The performance report's period returns table, risk figures and attribution tables.
import type { PERFORMANCE_REPORT_TABLES } from '@fonrisk/contracts';
import {
  PERFORMANCE_PERIOD_LABELS,
  type Attribution,
  type PeriodReturn,
  type ResultTables,
  type RiskFigures,
  buildTable,
} from '@fonrisk/contracts';
import {
  annualizedVolatility,
  beta,
  calendarYearReturns,
  informationRatio,
  maxDrawdown,
  sharpeRatio,
  trackingError,
  trailingReturns,
} from '@fonrisk/risk';

/** Business days a year for annualising daily figures. */
export const DAYS_PER_YEAR = 252;

const compound = (xs: ArrayLike<number>, from = 0, to = xs.length) => {
  let g = 1;
  for (let i = from; i < to; i++) g *= 1 + xs[i]!;
  return g - 1;
};

export function periodsTable(
  dates: readonly string[],
  net: Float64Array,
  gross: Float64Array,
  bench: { dates: string[]; returns: Float64Array; start: string } | null,
): PeriodReturn[] {
  const retDates = dates.slice(1);
  const tNet = trailingReturns(retDates, net, { startDate: dates[0]! });
  const tGross = trailingReturns(retDates, gross, { startDate: dates[0]! });
  const tBench = bench
    ? trailingReturns(bench.dates, bench.returns, { startDate: bench.start })
    : null;
  const pick = (
    t: { cumulative: number | null; annualized: number | null } | undefined,
    ann: boolean,
  ) => (t ? (ann ? t.annualized : t.cumulative) : null);
  const rows: PeriodReturn[] = tNet.map((t, i) => {
    const ann = t.period === '3Y' || t.period === '5Y';
    const n = pick(t, ann);
    const b = pick(tBench?.[i], ann);
    return {
      period: t.period,
      label: PERFORMANCE_PERIOD_LABELS[t.period],
      fromDate: t.since,
      annualized: ann,
      net: n,
      gross: pick(tGross[i], ann),
      benchmark: b,
      excess: n !== null && b !== null ? n - b : null,
    };
  });
  const siNet = compound(net);
  const siBench = bench && bench.start <= dates[0]! ? compound(bench.returns) : null;
  rows.push({
    period: 'SI',
    label: PERFORMANCE_PERIOD_LABELS.SI,
    fromDate: dates[0]!,
    annualized: false,
    net: siNet,
    gross: compound(gross),
    benchmark: siBench,
    excess: siBench !== null ? siNet - siBench : null,
  });
  const years = calendarYearReturns(retDates, net);
  const grossYears = calendarYearReturns(retDates, gross);
  const benchYears = bench ? calendarYearReturns(bench.dates, bench.returns) : [];
  for (const [i, y] of years.entries()) {
    const partial =
      (i === 0 && dates[0]! > `${y.year}-01-07`) ||
      (i === years.length - 1 && dates.at(-1)! < `${y.year}-12-24`);
    const b = benchYears.find((x) => x.year === y.year);
    const benchCovers =
      bench !== null && bench.start <= (i === 0 ? dates[0]! : `${y.year - 1}-12-31`);
    const bv = b && benchCovers ? b.return : null;
    rows.push({
      period: String(y.year),
      label: `${y.year}${partial ? ' (kısmi)' : ''}`,
      fromDate: i === 0 ? dates[0]! : `${y.year - 1}-12-31`,
      annualized: false,
      net: y.return,
      gross: grossYears[i]!.return,
      benchmark: bv,
      excess: bv !== null ? y.return - bv : null,
    });
  }
  return rows;
}

export function riskFigures(
  net: Float64Array,
  bench: Float64Array | null,
  rf: Float64Array,
): RiskFigures {
  const n = net.length;
  const options = { periodsPerYear: DAYS_PER_YEAR };
  if (n < 2)
    return {
      volatility: null,
      benchmarkVolatility: null,
      sharpe: null,
      maxDrawdown: null,
      trackingError: null,
      informationRatio: null,
      beta: null,
      observations: n,
    };
  return {
    volatility: annualizedVolatility(net, options),
    benchmarkVolatility: bench ? annualizedVolatility(bench, options) : null,
    sharpe: sharpeRatio(net, { ...options, riskFree: rf }),
    maxDrawdown: maxDrawdown(net).maxDrawdown,
    trackingError: bench ? trackingError(net, bench, options) : null,
    informationRatio: bench ? informationRatio(net, bench, options) : null,
    beta: bench ? beta(net, bench) : null,
    observations: n,
  };
}

export function attributionTable(
  definition: typeof PERFORMANCE_REPORT_TABLES.attributionSector,
  a: Attribution,
): ResultTables[string] {
  return buildTable(definition, [
    ...a.segments.map((s) => ({ ...s })),
    {
      segment: 'Toplam',
      portfolioReturn: a.portfolioReturn,
      benchmarkReturn: a.benchmarkReturn,
      allocation: a.allocation,
      selection: a.selection,
      interaction: a.interaction,
      total: a.activeReturn,
    },
  ]);
}
