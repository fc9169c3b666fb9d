import { InstrumentTermsSchema, type InstrumentTerms } from '@fonrisk/contracts';
import { and, desc, eq, getTableColumns, gte, inArray, lte, sql } from 'drizzle-orm';
import { equalsAnyText } from '../raw-sql.ts';
import { markedSelect, REFERENCE_READ_MARK } from '../readers/market-reads.ts';
import { columnDecoder, selectArrays, tableRowDecoder } from '../select-arrays.ts';
import type { Executor } from '../client.ts';
import {
  holdings,
  instruments,
  marketSeries,
  portfolios,
  tickerMappings,
  unifiedPortfolioMembers,
  unifiedPortfolios,
} from '../schema/index.ts';

/** A portfolio or unified portfolio as the readers see it. */
export interface PortfolioRef {
  readonly code: string;
  readonly name: string;
  /** The member portfolios whose holdings are summed (itself for a plain portfolio). */
  readonly members: readonly string[];
  readonly referenceBenchmarkCode: string | null;
}

/** Portfolios or unified portfolios by code; codes that are neither are left out of the map. */
export async function findPortfolioRefs(
  ex: Executor,
  codes: readonly string[],
): Promise<Map<string, PortfolioRef>> {
  const out = new Map<string, PortfolioRef>();
  if (codes.length === 0) return out;
  const plain = await ex
    .select()
    .from(portfolios)
    .where(inArray(portfolios.code, [...codes]));
  const unified = await ex
    .select()
    .from(unifiedPortfolios)
    .where(inArray(unifiedPortfolios.newPortfolioCode, [...codes]));
  const members = unified.length
    ? await ex
        .select()
        .from(unifiedPortfolioMembers)
        .where(
          inArray(
            unifiedPortfolioMembers.unifiedId,
            unified.map((u) => u.id),
          ),
        )
    : [];
  for (const code of codes) {
    const p = plain.find((x) => x.code === code);
    const u = unified.find((x) => x.newPortfolioCode === code);
    if (p)
      out.set(code, {
        code,
        name: p.name,
        members: [code],
        referenceBenchmarkCode: p.referenceBenchmarkCode,
      });
    else if (u)
      out.set(code, {
        code,
        name: u.name,
        members: members.filter((m) => m.unifiedId === u.id).map((m) => m.portfolioCode),
        referenceBenchmarkCode: null,
      });
  }
  return out;
}

/**
 * Holdings dates on which every one of `members` has a snapshot, ascending, within the optional
 * [from, to]. One portfolio's dates, or the dates a set of portfolios (a unified portfolio, a
 * comparison) share.
 */
export async function holdingsDates(
  ex: Executor,
  members: readonly string[],
  from?: string,
  to?: string,
): Promise<string[]> {
  if (members.length === 0) return [];
  const rows = await ex
    .select({
      date: holdings.portfolioDate,
      n: sql<number>`count(distinct ${holdings.portfolioCode})::int`,
    })
    .from(holdings)
    .where(
      and(
        inArray(holdings.portfolioCode, [...members]),
        from === undefined ? undefined : gte(holdings.portfolioDate, from),
        to === undefined ? undefined : lte(holdings.portfolioDate, to),
      ),
    )
    .groupBy(holdings.portfolioDate)
    .orderBy(holdings.portfolioDate);
  return rows.filter((r) => r.n === members.length).map((r) => r.date);
}

/** The latest holdings date of any of `members` on or before `date`, or null. */
export async function latestHoldingsDate(
  ex: Executor,
  members: readonly string[],
  date: string,
): Promise<string | null> {
  if (members.length === 0) return null;
  const [row] = await ex
    .select({ date: holdings.portfolioDate })
    .from(holdings)
    .where(and(inArray(holdings.portfolioCode, [...members]), lte(holdings.portfolioDate, date)))
    .orderBy(desc(holdings.portfolioDate))
    .limit(1);
  return row?.date ?? null;
}

/**
 * The latest holdings date of each of `codes` on or before `date` (a portfolio without one is
 * left out): `latestHoldingsDate` of each, read together, each through the holdings key.
 */
export async function latestHoldingsDates(
  ex: Executor,
  codes: readonly string[],
  date: string,
): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const r = await ex.execute<{ code: string; d: string }>(sql`
    SELECT c.code, to_char(l.portfolio_date, 'YYYY-MM-DD') AS d
    FROM unnest(${sql.param([...codes])}::text[]) AS c(code)
    CROSS JOIN LATERAL (
      SELECT h.portfolio_date FROM ${holdings} h
      WHERE h.portfolio_code = c.code AND h.portfolio_date <= ${date}
      ORDER BY h.portfolio_date DESC LIMIT 1) l`);
  return new Map(r.rows.map((x) => [x.code, x.d]));
}

/** One line of a portfolio on a date, joined with its instrument and ticker mapping. */
export interface HeldPosition {
  readonly instrumentCode: string;
  readonly instrumentName: string | null;
  /** Instrument main type (contracts InstrumentMainType). */
  readonly mainType: string;
  readonly currency: string;
  /** Units, nominal or contracts (signed); null when a member's row has none. */
  readonly nominalValue: number | null;
  /** Current value in TRY (0 for futures). */
  readonly valueTry: number;
  readonly maturityDate: string | null;
  /** Holding's yield / interest rate in percent (internalDiscountRate or NominalInterestRate). */
  readonly ratePct: number | null;
  /** Holding's modified duration in years (Duration column). */
  readonly modifiedDuration: number | null;
  readonly terms: InstrumentTerms | null;
  /** The series that drives the instrument's risk (ticker mapper), or null when unmapped. */
  readonly mappingTicker: string | null;
  /** For derivatives: the underlying's series ticker (terms.underlying or its mapping). */
  readonly underlyingTicker: string | null;
  /** For options: the underlying is a futures contract (Black-76). */
  readonly underlyingIsFuture: boolean;
}

/** A portfolio's positions on one date; NAV = Σ current values (liabilities negative). */
export interface PositionsSnapshot {
  readonly date: string;
  readonly nav: number;
  readonly positions: HeldPosition[];
}

const num = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v)
    ? v
    : typeof v === 'string' && v !== '' && Number.isFinite(Number(v))
      ? Number(v)
      : null;
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/**
 * Holdings of `members` on each of `dates` summed per instrument (a unified portfolio sums its
 * members), joined with the instrument master and the ticker mapper.
 */
export async function readPositions(
  ex: Executor,
  members: readonly string[],
  dates: readonly string[],
): Promise<Map<string, PositionsSnapshot>> {
  if (dates.length === 0 || members.length === 0) return new Map();
  const rows = await selectArrays(
    ex,
    ex
      .select()
      .from(holdings)
      .where(
        and(
          inArray(holdings.portfolioCode, [...members]),
          inArray(holdings.portfolioDate, [...dates]),
        ),
      )
      // The file's row order: positions and the sums over them (NAV, a fund's value of a code
      // held on several lines) do not depend on how the rows lie on disk, which a restore or a
      // vacuum changes (the last digits of a sum follow its order).
      .orderBy(holdings.portfolioCode, holdings.portfolioDate, holdings.rowNo),
    HOLDING_ROW,
  );
  const details = await instrumentDetails(ex, [...new Set(rows.map((r) => r.instrumentCode))]);
  return new Map(
    dates.map((date) => [
      date,
      snapshotOf(
        date,
        rows.filter((r) => r.portfolioDate === date),
        details,
      ),
    ]),
  );
}

/**
 * The positions of several portfolios, each on its own date, read together: one read of their
 * holdings and one of the instruments they hold (the morning view read a house's 100 funds one
 * by one: ~500 statements, each fund's instruments read and parsed again). Each snapshot is the
 * one `readPositions(ex, [code], [date])` gives, sums in the same row order; a portfolio without
 * lines on its date gets an empty snapshot.
 */
export async function readPositionsOfPortfolios(
  ex: Executor,
  wanted: readonly { readonly code: string; readonly date: string }[],
): Promise<Map<string, PositionsSnapshot>> {
  if (wanted.length === 0) return new Map();
  const rows = await selectArrays(
    ex,
    ex
      .select()
      .from(holdings)
      .where(
        sql`(${holdings.portfolioCode}, ${holdings.portfolioDate}) IN (SELECT * FROM unnest(
          ${sql.param(wanted.map((w) => w.code))}::text[],
          ${sql.param(wanted.map((w) => w.date))}::date[]))`,
      )
      .orderBy(holdings.portfolioCode, holdings.portfolioDate, holdings.rowNo),
    HOLDING_ROW,
  );
  const details = await instrumentDetails(ex, [...new Set(rows.map((r) => r.instrumentCode))]);
  const byPortfolioDate = new Map<string, (typeof rows)[number][]>();
  for (const r of rows) {
    const key = `${r.portfolioCode}|${r.portfolioDate}`;
    const lines = byPortfolioDate.get(key);
    if (lines) lines.push(r);
    else byPortfolioDate.set(key, [r]);
  }
  return new Map(
    wanted.map(({ code, date }) => [
      code,
      snapshotOf(date, byPortfolioDate.get(`${code}|${date}`) ?? [], details),
    ]),
  );
}

/** One date's holdings rows (in file order) summed per instrument and joined with its details. */
function snapshotOf(
  date: string,
  rows: readonly HoldingRow[],
  details: ReadonlyMap<string, InstrumentDetail>,
): PositionsSnapshot {
  const byCode = new Map<string, { value: number; nominal: number | null; row: HoldingRow }>();
  let nav = 0;
  for (const r of rows) {
    nav += r.currentValue;
    const prev = byCode.get(r.instrumentCode);
    if (prev) {
      prev.value += r.currentValue;
      prev.nominal =
        prev.nominal === null || r.nominalValue === null ? null : prev.nominal + r.nominalValue;
    } else byCode.set(r.instrumentCode, { value: r.currentValue, nominal: r.nominalValue, row: r });
  }
  const positions = [...byCode.entries()].map(([code, h]): HeldPosition => {
    const d = details.get(code);
    const c = h.row.columns;
    return {
      instrumentCode: code,
      instrumentName: h.row.instrumentName ?? d?.name ?? null,
      mainType: d?.mainType ?? h.row.mainType ?? 'other',
      currency: d?.currency ?? h.row.currency ?? 'TRY',
      nominalValue: h.nominal,
      valueTry: h.value,
      maturityDate:
        str(c.MaturityDate) ?? (d?.terms?.kind === 'bond' ? d.terms.maturityDate : null),
      ratePct: num(c.internalDiscountRate) ?? num(c.NominalInterestRate),
      modifiedDuration: num(c.Duration),
      terms: d?.terms ?? null,
      mappingTicker: d?.mappingTicker ?? null,
      underlyingTicker: d?.underlyingTicker ?? null,
      underlyingIsFuture: d?.underlyingIsFuture ?? false,
    };
  });
  return { date, nav, positions };
}

/** An instrument with its mapping and, for a derivative, its underlying's series. */
export interface InstrumentDetail {
  readonly name: string;
  readonly mainType: string;
  readonly currency: string;
  readonly terms: InstrumentTerms | null;
  readonly mappingTicker: string | null;
  readonly underlyingTicker: string | null;
  readonly underlyingIsFuture: boolean;
}

/** Rows of the two large reads below, decoded as drizzle would (decision 0108). */
const HOLDING_ROW = tableRowDecoder(holdings);
type HoldingRow = ReturnType<typeof HOLDING_ROW>;
const INSTRUMENT_ROW = tableRowDecoder(instruments);
const MAPPED_TICKER = columnDecoder(
  tickerMappings.seriesTicker,
  Object.keys(getTableColumns(instruments)).length,
);

/** Instruments with their mapping; a derivative's underlying resolved to a series ticker. */
export async function instrumentDetails(
  ex: Executor,
  codes: readonly string[],
): Promise<Map<string, InstrumentDetail>> {
  if (codes.length === 0) return new Map();
  // A reference read (decision 0115): the worker answers a fund's later runs from its cache.
  const rows = await selectArrays(
    ex,
    markedSelect(
      REFERENCE_READ_MARK,
      ex
        .select({ i: instruments, ticker: tickerMappings.seriesTicker })
        .from(instruments)
        .leftJoin(tickerMappings, eq(tickerMappings.instrumentCode, instruments.code))
        .where(equalsAnyText(instruments.code, codes)),
    ),
    (row) => ({ i: INSTRUMENT_ROW(row), ticker: MAPPED_TICKER(row) }),
  );
  const terms = new Map(rows.map((r) => [r.i.code, InstrumentTermsSchema.safeParse(r.i.terms)]));
  const underlyings = [
    ...new Set(
      rows.flatMap((r) => {
        const t = terms.get(r.i.code);
        return t?.success && (t.data.kind === 'future' || t.data.kind === 'option')
          ? [t.data.underlying]
          : [];
      }),
    ),
  ];
  const seriesTickers = new Set(
    underlyings.length
      ? (
          await ex
            .select({ t: marketSeries.ticker })
            .from(marketSeries)
            .where(inArray(marketSeries.ticker, underlyings))
        ).map((r) => r.t)
      : [],
  );
  const underlyingInstruments = underlyings.length
    ? await ex
        .select({
          code: instruments.code,
          mainType: instruments.mainType,
          ticker: tickerMappings.seriesTicker,
        })
        .from(instruments)
        .leftJoin(tickerMappings, eq(tickerMappings.instrumentCode, instruments.code))
        .where(inArray(instruments.code, underlyings))
    : [];
  const out = new Map<string, InstrumentDetail>();
  for (const r of rows) {
    const t = terms.get(r.i.code);
    const parsed = t?.success ? t.data : null;
    let underlyingTicker: string | null = null;
    let underlyingIsFuture = false;
    if (parsed && (parsed.kind === 'future' || parsed.kind === 'option')) {
      const ui = underlyingInstruments.find((u) => u.code === parsed.underlying);
      underlyingTicker = seriesTickers.has(parsed.underlying)
        ? parsed.underlying
        : (ui?.ticker ?? null);
      underlyingIsFuture = ui?.mainType === 'future';
    }
    out.set(r.i.code, {
      name: r.i.name,
      mainType: r.i.mainType,
      currency: r.i.currency,
      terms: parsed,
      mappingTicker: r.ticker,
      underlyingTicker,
      underlyingIsFuture,
    });
  }
  return out;
}
