import {
  OUTDATED_AFTER_BUSINESS_DAYS,
  STALE_RUN_MIN_DAYS,
  type MarketDataValidation,
  type MarketSeriesKind,
  type QualityFilter,
  type SeriesQualityDetail,
} from '@fonrisk/contracts';
import { isoOfDay, readSeriesColumns, SERIES_DAY_ZERO, sql, type Executor } from '@fonrisk/db';
import { parseIsoDate, type BusinessCalendar } from '@fonrisk/risk';
import { moveOf } from './price-checks.ts';

/** One series' values as dates and numbers (the morning view's checks: data-quality.checks.ts). */
export interface SeriesPoints {
  readonly ticker: string;
  readonly kind: MarketSeriesKind;
  readonly dates: readonly string[];
  readonly values: readonly number[];
}

/** One series' values as read packed (readSeriesColumns): ascending days and their values. */
export interface PackedSeries {
  readonly ticker: string;
  readonly kind: MarketSeriesKind;
  /** Days since SERIES_DAY_ZERO, ascending. */
  readonly days: Int32Array;
  readonly values: Float64Array;
}

/** The calendar's day number (@fonrisk/risk) of day 0 of the packed series' days. */
const PACKED_DAY_ZERO = parseIsoDate(SERIES_DAY_ZERO);

/**
 * Days on which the market of each kind moved: some series of that kind changed its value from
 * its previous observation. A run of unchanged values of one series is "stale" only when its
 * market moved during the run (a holiday-less flat market is not a data problem).
 */
export function movedDays(series: readonly PackedSeries[]): Map<MarketSeriesKind, Set<number>> {
  const out = new Map<MarketSeriesKind, Set<number>>();
  for (const s of series) {
    let set = out.get(s.kind);
    if (!set) out.set(s.kind, (set = new Set()));
    for (let i = 1; i < s.values.length; i++)
      if (s.values[i] !== s.values[i - 1]) set.add(s.days[i]!);
  }
  return out;
}

/** Whether a series has a run of equal values long enough to be stale (STALE_RUN_MIN_DAYS). */
export function hasPossibleStaleRun(s: PackedSeries): boolean {
  let runStart = 0;
  for (let i = 1; i <= s.values.length; i++)
    if (i === s.values.length || s.values[i] !== s.values[i - 1]) {
      if (i - runStart >= STALE_RUN_MIN_DAYS) return true;
      runStart = i;
    }
  return false;
}

/**
 * The business days of a calendar from the series' first day to today (packed days), looked up
 * once: a house's 3,000 series over ten years ask about some eleven million days.
 */
export interface BusinessDays {
  readonly first: number;
  readonly open: Uint8Array;
}

export function businessDaysOf(
  calendar: BusinessCalendar,
  series: readonly PackedSeries[],
  today: string,
): BusinessDays {
  let first = Infinity;
  for (const s of series) if (s.days.length > 0) first = Math.min(first, s.days[0]!);
  const last = parseIsoDate(today) - PACKED_DAY_ZERO;
  if (!Number.isFinite(first) || first > last) return { first: 0, open: new Uint8Array(0) };
  const open = new Uint8Array(last - first + 1);
  for (let d = first; d <= last; d++)
    open[d - first] = calendar.isBusinessDay(d + PACKED_DAY_ZERO) ? 1 : 0;
  return { first, open };
}

function isOpen(days: BusinessDays, calendar: BusinessCalendar, day: number): boolean {
  const i = day - days.first;
  return i >= 0 && i < days.open.length
    ? days.open[i] === 1
    : calendar.isBusinessDay(day + PACKED_DAY_ZERO);
}

/**
 * Quality of one series (contracts SeriesQualitySchema): business days without a value between
 * its first and last value, stale runs (at least STALE_RUN_MIN_DAYS equal values in a row while
 * its market moved), jumps beyond the kind's limit, and business days since the last value.
 * Works on the packed days (decision 0130): dates are written out only for what it finds.
 */
export function seriesQuality(
  s: PackedSeries,
  calendar: BusinessCalendar,
  open: BusinessDays,
  rules: MarketDataValidation,
  moved: ReadonlySet<number>,
  today: string,
): SeriesQualityDetail {
  const gapDates: string[] = [];
  const staleRunList: SeriesQualityDetail['staleRunList'] = [];
  const jumpList: SeriesQualityDetail['jumpList'] = [];
  const { days, values } = s;
  const n = days.length;
  // The days are ascending: a calendar day without a value is the one the walk does not meet.
  for (let i = 1; i < n; i++)
    for (let d = days[i - 1]! + 1; d < days[i]!; d++)
      if (isOpen(open, calendar, d)) gapDates.push(isoOfDay(d));
  const limit = rules.jumpLimits[s.kind];
  let runStart = 0;
  const closeRun = (end: number) => {
    const length = end - runStart + 1;
    if (length < STALE_RUN_MIN_DAYS) return;
    let marketMoved = false;
    for (let k = runStart + 1; k <= end && !marketMoved; k++) marketMoved = moved.has(days[k]!);
    if (marketMoved)
      staleRunList.push({
        from: isoOfDay(days[runStart]!),
        to: isoOfDay(days[end]!),
        days: length,
      });
  };
  for (let i = 1; i < n; i++) {
    const prev = values[i - 1]!;
    const value = values[i]!;
    if (value !== prev) {
      closeRun(i - 1);
      runStart = i;
    }
    const move = moveOf(s.kind, prev, value);
    if (move !== null && Math.abs(move) > limit)
      jumpList.push({ date: isoOfDay(days[i]!), previous: prev, value, move });
  }
  if (n > 0) closeRun(n - 1);
  const lastDate = n > 0 ? isoOfDay(days[n - 1]!) : null;
  let staleDays = 0;
  if (n > 0)
    for (let d = days[n - 1]! + 1, end = parseIsoDate(today) - PACKED_DAY_ZERO; d <= end; d++)
      if (isOpen(open, calendar, d)) staleDays++;
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

/** The whole history a series can have (packed days are days since 2000-01-01). */
const ALL_FROM = SERIES_DAY_ZERO;
const ALL_TO = '9999-12-31';

/**
 * The values are read in this many statements at once, each with its share of the series:
 * PostgreSQL runs a statement on one core, and packing a house's six million values took ~1.7 s
 * of one (decision 0130).
 */
const READ_PARTS = 2;

/**
 * Every value of the active series (of one kind, or of given tickers), packed one row a series
 * (readSeriesColumns, decision 0074): a house's 3,001 series over ten years are six million values,
 * which read as six million row objects with text dates took 11 s (decision 0130). A series
 * without values is listed with none.
 */
export async function loadSeriesPoints(
  ex: Executor,
  filter: { kind?: MarketSeriesKind | undefined; tickers?: readonly string[] },
): Promise<PackedSeries[]> {
  const where = [sql`s.retired_at IS NULL`];
  if (filter.kind) where.push(sql`s.kind = ${filter.kind}`);
  if (filter.tickers) where.push(sql`s.ticker = ANY(${sql.param([...filter.tickers])}::text[])`);
  const meta = await ex.execute<{ ticker: string; kind: MarketSeriesKind }>(
    sql`SELECT ticker, kind FROM market_series s WHERE ${sql.join(where, sql` AND `)} ORDER BY ticker`,
  );
  const tickers = meta.rows.map((m) => m.ticker);
  const part = Math.max(1, Math.ceil(tickers.length / READ_PARTS));
  const parts: string[][] = [];
  for (let i = 0; i < tickers.length; i += part) parts.push(tickers.slice(i, i + part));
  const read = new Map(
    (
      await Promise.all(
        parts.map((some) =>
          readSeriesColumns(ex, { tickers: some, from: ALL_FROM, to: ALL_TO, basis: 'raw' }),
        ),
      )
    )
      .flat()
      .map((c) => [c.ticker, c]),
  );
  return meta.rows.map((m) => ({
    ticker: m.ticker,
    kind: m.kind,
    days: read.get(m.ticker)?.days ?? new Int32Array(0),
    values: read.get(m.ticker)?.values ?? new Float64Array(0),
  }));
}
