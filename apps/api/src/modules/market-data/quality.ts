import {
  OUTDATED_AFTER_BUSINESS_DAYS,
  STALE_RUN_MIN_DAYS,
  type MarketDataValidation,
  type MarketSeriesKind,
  type QualityFilter,
  type SeriesQualityDetail,
} from '@fonrisk/contracts';
import { sql, type Executor } from '@fonrisk/db';
import { formatIsoDate, parseIsoDate, type BusinessCalendar } from '@fonrisk/risk';
import { moveOf } from './price-checks.ts';

export interface SeriesPoints {
  readonly ticker: string;
  readonly kind: MarketSeriesKind;
  readonly dates: readonly string[];
  readonly values: readonly number[];
}

/**
 * Dates on which the market of each kind moved: some series of that kind changed its value
 * from its previous observation. A run of unchanged values of one series is "stale" only when
 * its market moved during the run (a holiday-less flat market is not a data problem).
 */
export function movedDates(series: readonly SeriesPoints[]): Map<MarketSeriesKind, Set<string>> {
  const out = new Map<MarketSeriesKind, Set<string>>();
  for (const s of series) {
    let set = out.get(s.kind);
    if (!set) out.set(s.kind, (set = new Set()));
    for (let i = 1; i < s.values.length; i++)
      if (s.values[i] !== s.values[i - 1]) set.add(s.dates[i]!);
  }
  return out;
}

/**
 * Quality of one series (contracts SeriesQualitySchema): business days without a value between
 * its first and last value, stale runs (at least STALE_RUN_MIN_DAYS equal values in a row while
 * its market moved), jumps beyond the kind's limit, and business days since the last value.
 */
export function seriesQuality(
  s: SeriesPoints,
  calendar: BusinessCalendar,
  rules: MarketDataValidation,
  moved: ReadonlySet<string>,
  today: string,
): SeriesQualityDetail {
  const gapDates: string[] = [];
  const staleRunList: SeriesQualityDetail['staleRunList'] = [];
  const jumpList: SeriesQualityDetail['jumpList'] = [];
  const n = s.dates.length;
  if (n > 0) {
    const have = new Set(s.dates);
    for (let d = parseIsoDate(s.dates[0]!), end = parseIsoDate(s.dates[n - 1]!); d <= end; d++) {
      if (!calendar.isBusinessDay(d)) continue;
      const iso = formatIsoDate(d);
      if (!have.has(iso)) gapDates.push(iso);
    }
  }
  const limit = rules.jumpLimits[s.kind];
  let runStart = 0;
  const closeRun = (end: number) => {
    const days = end - runStart + 1;
    if (days < STALE_RUN_MIN_DAYS) return;
    let marketMoved = false;
    for (let k = runStart + 1; k <= end && !marketMoved; k++) marketMoved = moved.has(s.dates[k]!);
    if (marketMoved) staleRunList.push({ from: s.dates[runStart]!, to: s.dates[end]!, days });
  };
  for (let i = 1; i < n; i++) {
    const prev = s.values[i - 1]!;
    const value = s.values[i]!;
    if (value !== prev) {
      closeRun(i - 1);
      runStart = i;
    }
    const move = moveOf(s.kind, prev, value);
    if (move !== null && Math.abs(move) > limit)
      jumpList.push({ date: s.dates[i]!, previous: prev, value, move });
  }
  if (n > 0) closeRun(n - 1);
  const lastDate = n > 0 ? s.dates[n - 1]! : null;
  let staleDays = 0;
  if (lastDate !== null)
    for (let d = parseIsoDate(lastDate) + 1, end = parseIsoDate(today); d <= end; d++)
      if (calendar.isBusinessDay(d)) staleDays++;
  return {
    ticker: s.ticker,
    lastDate,
    staleDays,
    gaps: gapDates.length,
    staleRuns: staleRunList.length,
    jumps: jumpList.length,
    gapDates,
    staleRunList,
    jumpList,
  };
}

export function matchesFilter(q: SeriesQualityDetail, filter: QualityFilter | undefined): boolean {
  switch (filter) {
    case undefined:
      return true;
    case 'gaps':
      return q.gaps > 0;
    case 'stale':
      return q.staleRuns > 0;
    case 'jumps':
      return q.jumps > 0;
    case 'outdated':
      return q.lastDate === null || q.staleDays > OUTDATED_AFTER_BUSINESS_DAYS;
  }
}

/** Values of the active series (of one kind, or of given tickers), grouped per series. */
export async function loadSeriesPoints(
  ex: Executor,
  filter: { kind?: MarketSeriesKind | undefined; tickers?: readonly string[] },
): Promise<SeriesPoints[]> {
  const where = [sql`s.retired_at IS NULL`];
  if (filter.kind) where.push(sql`s.kind = ${filter.kind}`);
  if (filter.tickers) where.push(sql`s.ticker = ANY(${sql.param([...filter.tickers])}::text[])`);
  const meta = await ex.execute<{ ticker: string; kind: MarketSeriesKind }>(
    sql`SELECT ticker, kind FROM market_series s WHERE ${sql.join(where, sql` AND `)} ORDER BY ticker`,
  );
  const values = await ex.execute<{ ticker: string; date: string; value: number }>(sql`
    SELECT v.ticker, to_char(v.date, 'YYYY-MM-DD') AS date, v.value FROM market_values v
    JOIN market_series s ON s.ticker = v.ticker WHERE ${sql.join(where, sql` AND `)}
    ORDER BY v.ticker, v.date`);
  const byTicker = new Map(
    meta.rows.map((m) => [
      m.ticker,
      { ticker: m.ticker, kind: m.kind, dates: [] as string[], values: [] as number[] },
    ]),
  );
  for (const r of values.rows) {
    const s = byTicker.get(r.ticker);
    if (!s) continue;
    s.dates.push(r.date);
    s.values.push(r.value);
  }
  return [...byTicker.values()];
}
