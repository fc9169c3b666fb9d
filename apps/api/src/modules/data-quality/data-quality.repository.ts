import {
  DATA_QUALITY_SETTINGS_KEY,
  DEFAULT_DATA_QUALITY_SETTINGS,
  DataQualitySettingsSchema,
  type DataQualitySettings,
  type MarketSeriesKind,
} from '@fonrisk/contracts';
import {
  analysisRuns,
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  isoOfDay,
  latestHoldingsDates,
  ne,
  or,
  portfolios,
  readPositionsOfPortfolios,
  readSeriesColumns,
  readSetting,
  settings,
  sql,
  type AnalysisRunRow,
  type Executor,
  type PortfolioRef,
} from '@fonrisk/db';
import { classify } from '@fonrisk/risk';
import type { SeriesPoints } from '../market-data/quality.ts';
import { latestValueSince, type CheckedLine, type FundCheckInput } from './data-quality.checks.ts';

/** The stored tolerances, or the defaults when never saved (or no longer valid). */
export async function readDataQualitySettings(
  ex: Executor,
): Promise<{ settings: DataQualitySettings; updatedAt: string | null }> {
  const row = await readSetting(ex, DATA_QUALITY_SETTINGS_KEY);
  const parsed = DataQualitySettingsSchema.safeParse(row?.value);
  return parsed.success && row
    ? { settings: parsed.data, updatedAt: row.updatedAt.toISOString() }
    : { settings: DEFAULT_DATA_QUALITY_SETTINGS, updatedAt: null };
}

export async function writeDataQualitySettings(
  ex: Executor,
  next: DataQualitySettings,
  updatedAt: Date,
): Promise<void> {
  await ex
    .insert(settings)
    .values({ key: DATA_QUALITY_SETTINGS_KEY, value: next, updatedAt })
    .onConflictDoUpdate({ target: settings.key, set: { value: next, updatedAt } });
}

/**
 * The latest date with any market value on or before `onOrBefore`, or null: each series' latest
 * through its (ticker, date) key (market_values has no index on the date alone: a house's 6
 * million values were read whole for it, 0.25 s, where 3,000 series take a few ms).
 */
export async function latestMarketDate(ex: Executor, onOrBefore: string): Promise<string | null> {
  const r = await ex.execute<{ d: string | null }>(sql`
    SELECT to_char(max(l.date), 'YYYY-MM-DD') AS d FROM market_series s
    CROSS JOIN LATERAL (
      SELECT v.date FROM market_values v WHERE v.ticker = s.ticker AND v.date <= ${onOrBefore}
      ORDER BY v.date DESC LIMIT 1) l`);
  return r.rows[0]?.d ?? null;
}

/** Active funds (not customer portfolios, not retired), as portfolio refs. */
export async function activeFunds(ex: Executor): Promise<PortfolioRef[]> {
  const rows = await ex
    .select({
      code: portfolios.code,
      name: portfolios.name,
      referenceBenchmarkCode: portfolios.referenceBenchmarkCode,
    })
    .from(portfolios)
    .where(and(eq(portfolios.kind, 'fund'), isNull(portfolios.retiredAt)))
    .orderBy(asc(portfolios.code));
  return rows.map((r) => ({ ...r, members: [r.code] }));
}

/**
 * FTD (%) of each instrument of each portfolio on its date, summed over its lines (an instrument
 * without one is left out), keyed by portfolio code.
 */
async function reportedWeights(
  ex: Executor,
  wanted: readonly { readonly code: string; readonly date: string }[],
): Promise<Map<string, Map<string, number>>> {
  const out = new Map<string, Map<string, number>>();
  if (wanted.length === 0) return out;
  const r = await ex.execute<{ portfolio: string; code: string; w: number }>(sql`
    SELECT portfolio_code AS portfolio, instrument_code AS code,
      sum((columns->>'totalByFTD')::float8) AS w
    FROM holdings
    WHERE (portfolio_code, portfolio_date) IN (SELECT * FROM unnest(
        ${sql.param(wanted.map((w) => w.code))}::text[],
        ${sql.param(wanted.map((w) => w.date))}::date[]))
      AND jsonb_typeof(columns->'totalByFTD') = 'number'
    GROUP BY portfolio_code, instrument_code`);
  for (const x of r.rows) {
    let weights = out.get(x.portfolio);
    if (!weights) out.set(x.portfolio, (weights = new Map<string, number>()));
    weights.set(x.code, x.w);
  }
  return out;
}

/**
 * Each fund's lines on its latest holdings date on or before `today`, each with the series its
 * risk needs. A fund here is its own portfolio (`activeFunds`). The funds are read together, a
 * few statements for all (read one by one, a house's 100 funds took ~500 statements and parsed
 * the instruments they share once per fund).
 */
async function fundsLines(
  ex: Executor,
  refs: readonly PortfolioRef[],
  today: string,
): Promise<{ ref: PortfolioRef; holdingsDate: string | null; lines: CheckedLine[] }[]> {
  const dates = await latestHoldingsDates(
    ex,
    refs.map((ref) => ref.code),
    today,
  );
  const wanted = refs.flatMap((ref) => {
    const date = dates.get(ref.code);
    return date === undefined ? [] : [{ code: ref.code, date }];
  });
  const [snapshots, weights] = await Promise.all([
    readPositionsOfPortfolios(ex, wanted),
    reportedWeights(ex, wanted),
  ]);
  return refs.map((ref) => {
    const fundWeights = weights.get(ref.code);
    const lines = (snapshots.get(ref.code)?.positions ?? []).map((p): CheckedLine => {
      const method = classify(p.mainType);
      const derivative = method === 'future' || method === 'option';
      const needsSeries = method !== 'cash' && method !== 'rateSensitivity';
      return {
        instrumentCode: p.instrumentCode,
        instrumentName: p.instrumentName,
        currency: p.currency,
        valueTry: p.valueTry,
        ticker: needsSeries ? (derivative ? p.underlyingTicker : p.mappingTicker) : null,
        needsSeries,
        reportedWeightPct: fundWeights?.get(p.instrumentCode) ?? null,
      };
    });
    return { ref, holdingsDate: dates.get(ref.code) ?? null, lines };
  });
}

/** Calendar days of history loaded for the stale and jump checks. */
function lookbackDays(t: DataQualitySettings): number {
  return Math.ceil((Math.max(t.jumpWindowDays, t.staleDays) + 2) * 1.5) + 30;
}

function daysBefore(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Values in [from, to] of the given tickers, and the dates on which each of their kinds' markets
 * moved: a value that differs from the series' previous one in the window, over the given tickers
 * and every active series of their kinds (quality.ts `movedDates`, computed by PostgreSQL: a
 * house's 3,000 series over the window are ~250,000 rows, which the checks before a run read
 * in seconds as rows and need only as a few dates).
 *
 * Only the moves after the earliest `latestValueSince` of the given tickers are read: the stale
 * check, the one reader of these dates, counts a series' market moves after the first date of its
 * latest value (`unchangedMarketDays`), so earlier moves cannot change a finding. When every
 * given series changed on `to` (a house's usual morning) no move is read at all; when one has no
 * value in the window (a price older than it), the whole window is. A move is still decided over
 * the whole window: a date's previous value is the series' last one before it in [from, to].
 */
async function recentSeries(
  ex: Executor,
  tickers: readonly string[],
  from: string,
  to: string,
): Promise<{ series: Map<string, SeriesPoints>; moved: Map<MarketSeriesKind, Set<string>> }> {
  if (tickers.length === 0) return { series: new Map(), moved: new Map() };
  const own = sql.param([...tickers]);
  // Packed, one row a series (decision 0074): a house's 3,000 series over the window were
  // ~210,000 rows of text dates, 0.4 s to read.
  const read = new Map(
    (await readSeriesColumns(ex, { tickers, from, to, basis: 'raw' })).map((c) => [c.ticker, c]),
  );
  const kinds = await ex.execute<{ ticker: string; kind: MarketSeriesKind }>(
    sql`SELECT ticker, kind FROM market_series WHERE ticker = ANY(${own}::text[])`,
  );
  const series = new Map<string, SeriesPoints>();
  for (const k of kinds.rows) {
    const c = read.get(k.ticker);
    series.set(k.ticker, {
      ticker: k.ticker,
      kind: k.kind,
      dates: c ? Array.from(c.days, isoOfDay) : [],
      values: c ? Array.from(c.values) : [],
    });
  }
  const moved = new Map<MarketSeriesKind, Set<string>>();
  for (const { kind } of kinds.rows) if (!moved.has(kind)) moved.set(kind, new Set());
  // The moves that can count: after `after` (null: the whole window).
  let after: string | null = to;
  for (const s of series.values()) {
    const since = latestValueSince(s);
    if (since === null) after = null;
    else if (after !== null && since < after) after = since;
  }
  if (after !== null && after >= to) return { series, moved };
  const counted = after ?? from;
  // Each series' rows read on their own through the (ticker, date) key, already in date order
  // (market_values has no index on the date alone: one window over all of them read the whole
  // table and sorted it, decision 0075), from its last value on or before `after` (the previous
  // value of the first date that counts). A first value in the window is not a move.
  const changes = await ex.execute<{ kind: MarketSeriesKind; date: string }>(sql`
    SELECT DISTINCT s.kind, to_char(c.date, 'YYYY-MM-DD') AS date
    FROM market_series s
    CROSS JOIN LATERAL (
      SELECT w.date FROM (
        SELECT v.date, v.value, lag(v.value) OVER (ORDER BY v.date) AS previous
        FROM market_values v
        WHERE v.ticker = s.ticker AND v.date <= ${to} AND v.date >= GREATEST(${from}::date, (
          SELECT max(p.date) FROM market_values p
          WHERE p.ticker = s.ticker AND p.date BETWEEN ${from} AND ${counted}))
      ) w
      WHERE w.value <> w.previous AND w.date > ${counted}
    ) c
    WHERE s.ticker = ANY(${own}::text[])
      OR (s.retired_at IS NULL AND s.kind IN (
        SELECT kind FROM market_series WHERE ticker = ANY(${own}::text[])))`);
  for (const c of changes.rows) {
    let set = moved.get(c.kind);
    if (!set) moved.set(c.kind, (set = new Set()));
    set.add(c.date);
  }
  return { series, moved };
}

/** Whether a series has any value on or before `date` (beyond the loaded window). */
async function tickersWithValues(
  ex: Executor,
  tickers: readonly string[],
  date: string,
): Promise<Set<string>> {
  if (tickers.length === 0) return new Set();
  const r = await ex.execute<{ ticker: string }>(sql`
    SELECT DISTINCT ticker FROM market_values
    WHERE ticker = ANY(${sql.param([...tickers])}::text[]) AND date <= ${date}`);
  return new Set(r.rows.map((x) => x.ticker));
}

/** Latest FX rate date on or before `date`, per currency. */
async function fxDates(ex: Executor, date: string): Promise<Map<string, string>> {
  const r = await ex.execute<{ currency: string; d: string }>(sql`
    SELECT currency, to_char(max(date), 'YYYY-MM-DD') AS d FROM fx_rates
    WHERE date <= ${date} GROUP BY currency`);
  return new Map(r.rows.map((x) => [x.currency, x.d]));
}

/** What the checks of each fund read, on `today`. */
export async function fundCheckInputs(
  ex: Executor,
  refs: readonly PortfolioRef[],
  today: string,
  t: DataQualitySettings,
): Promise<FundCheckInput[]> {
  const base = await fundsLines(ex, refs, today);
  const tickers = [
    ...new Set(base.flatMap((b) => b.lines.flatMap((l) => (l.ticker === null ? [] : [l.ticker])))),
  ];
  const { series, moved } = await recentSeries(
    ex,
    tickers,
    daysBefore(today, lookbackDays(t)),
    today,
  );
  // A series quiet for longer than the window still has a price: keep its latest value.
  const quiet = tickers.filter((k) => (series.get(k)?.values.length ?? 1) === 0);
  const older = await tickersWithValues(ex, quiet, today);
  for (const k of older) {
    const r = await ex.execute<{ date: string; value: number }>(sql`
      SELECT to_char(date, 'YYYY-MM-DD') AS date, value FROM market_values
      WHERE ticker = ${k} AND date <= ${today} ORDER BY date DESC LIMIT 1`);
    const s = series.get(k);
    const last = r.rows[0];
    if (s && last) series.set(k, { ...s, dates: [last.date], values: [last.value] });
  }
  const fx = await fxDates(ex, today);
  return base.map(({ ref, holdingsDate, lines }) => ({
    code: ref.code,
    name: ref.name,
    today,
    holdingsDate,
    lines,
    series,
    moved,
    fxDates: fx,
  }));
}

/** What the morning view lists of a run (not its inputs or result: a night's are megabytes). */
export type RecentRunRow = Pick<
  AnalysisRunRow,
  'id' | 'analysisType' | 'status' | 'portfolioCodes' | 'createdAt' | 'finishedAt' | 'error'
>;

/** Runs created or finished since `since` (not cancelled) of the readable types, newest first. */
export async function recentRuns(
  ex: Executor,
  since: Date,
  types: readonly string[],
  limit = 50,
): Promise<RecentRunRow[]> {
  if (types.length === 0) return [];
  return ex
    .select({
      id: analysisRuns.id,
      analysisType: analysisRuns.analysisType,
      status: analysisRuns.status,
      portfolioCodes: analysisRuns.portfolioCodes,
      createdAt: analysisRuns.createdAt,
      finishedAt: analysisRuns.finishedAt,
      error: analysisRuns.error,
    })
    .from(analysisRuns)
    .where(
      and(
        inArray(analysisRuns.analysisType, [...types]),
        ne(analysisRuns.status, 'cancelled'),
        or(gte(analysisRuns.createdAt, since), gte(analysisRuns.finishedAt, since)),
      ),
    )
    .orderBy(desc(analysisRuns.createdAt))
    .limit(limit);
}
