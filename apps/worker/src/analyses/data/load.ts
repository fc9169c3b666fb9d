// Loads holdings, instruments, mappings, market data and the VaR settings for Module 1 runs.
import {
  InstrumentTermsSchema,
  type InstrumentTerms,
  VAR_SETTINGS_KEY,
  type VarSettings,
  parseStoredVarSettings,
  PRICE_BASIS_BY_CONVENTION,
} from '@fonrisk/contracts';
import {
  type Database,
  and,
  desc,
  eq,
  fxRates,
  gte,
  holdings,
  inArray,
  instruments,
  lte,
  marketSeries,
  marketValues,
  portfolios,
  readSeriesValues,
  type PriceBasis,
  settings,
  sql,
  tickerMappings,
  unifiedPortfolioMembers,
  unifiedPortfolios,
} from '@fonrisk/db';
import { AnalysisInputError } from '../../runner/errors.ts';
import type { MarketData, SeriesData } from '../scenario/market.ts';
import type { PositionInput } from '../scenario/types.ts';

/** The stored VaR settings, or the SPK defaults when none were saved (or they no longer parse). */
export async function loadVarSettings(db: Database): Promise<VarSettings> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, VAR_SETTINGS_KEY));
  return parseStoredVarSettings(row?.value);
}

export interface PortfolioRef {
  readonly code: string;
  readonly name: string;
  /** The member portfolios whose holdings are summed (itself for a plain portfolio). */
  readonly members: readonly string[];
  readonly referenceBenchmarkCode: string | null;
}

/** Resolves portfolio or unified-portfolio codes; unknown codes fail the run. */
export async function resolvePortfolios(
  db: Database,
  codes: readonly string[],
): Promise<PortfolioRef[]> {
  const plain = await db
    .select()
    .from(portfolios)
    .where(inArray(portfolios.code, [...codes]));
  const unified = await db
    .select()
    .from(unifiedPortfolios)
    .where(inArray(unifiedPortfolios.newPortfolioCode, [...codes]));
  const members = unified.length
    ? await db
        .select()
        .from(unifiedPortfolioMembers)
        .where(
          inArray(
            unifiedPortfolioMembers.unifiedId,
            unified.map((u) => u.id),
          ),
        )
    : [];
  return codes.map((code) => {
    const p = plain.find((x) => x.code === code);
    if (p)
      return {
        code,
        name: p.name,
        members: [code],
        referenceBenchmarkCode: p.referenceBenchmarkCode,
      };
    const u = unified.find((x) => x.newPortfolioCode === code);
    if (u) {
      return {
        code,
        name: u.name,
        members: members.filter((m) => m.unifiedId === u.id).map((m) => m.portfolioCode),
        referenceBenchmarkCode: null,
      };
    }
    throw new AnalysisInputError(`${code} kodlu portföy bulunamadı.`);
  });
}

/** Holdings dates of the portfolio (all members must have a snapshot) within [from, to], ascending. */
export async function holdingsDates(
  db: Database,
  p: PortfolioRef,
  from: string,
  to: string,
): Promise<string[]> {
  const rows = await db
    .select({
      date: holdings.portfolioDate,
      n: sql<number>`count(distinct ${holdings.portfolioCode})::int`,
    })
    .from(holdings)
    .where(
      and(
        inArray(holdings.portfolioCode, [...p.members]),
        gte(holdings.portfolioDate, from),
        lte(holdings.portfolioDate, to),
      ),
    )
    .groupBy(holdings.portfolioDate)
    .orderBy(holdings.portfolioDate);
  return rows.filter((r) => r.n === p.members.length).map((r) => r.date);
}

/** The latest holdings date on or before `date`, or null. */
export async function latestHoldingsDate(
  db: Database,
  p: PortfolioRef,
  date: string,
): Promise<string | null> {
  const [row] = await db
    .select({ date: holdings.portfolioDate })
    .from(holdings)
    .where(and(inArray(holdings.portfolioCode, [...p.members]), lte(holdings.portfolioDate, date)))
    .orderBy(desc(holdings.portfolioDate))
    .limit(1);
  return row?.date ?? null;
}

export interface Snapshot {
  readonly date: string;
  readonly nav: number;
  readonly positions: PositionInput[];
}

const num = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v)
    ? v
    : typeof v === 'string' && v !== '' && Number.isFinite(Number(v))
      ? Number(v)
      : null;
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/**
 * Holdings of the portfolio on `date` summed per instrument (a unified portfolio sums its
 * members), joined with the instrument master and the ticker mapper. NAV = Σ current values.
 */
export async function loadSnapshots(
  db: Database,
  p: PortfolioRef,
  dates: readonly string[],
): Promise<Map<string, Snapshot>> {
  if (dates.length === 0) return new Map();
  const rows = await db
    .select()
    .from(holdings)
    .where(
      and(
        inArray(holdings.portfolioCode, [...p.members]),
        inArray(holdings.portfolioDate, [...dates]),
      ),
    );
  const codes = [...new Set(rows.map((r) => r.instrumentCode))];
  const details = await instrumentDetails(db, codes);
  const out = new Map<string, Snapshot>();
  for (const date of dates) {
    const byCode = new Map<
      string,
      { value: number; nominal: number | null; row: (typeof rows)[number] }
    >();
    let nav = 0;
    for (const r of rows) {
      if (r.portfolioDate !== date) continue;
      nav += r.currentValue;
      const prev = byCode.get(r.instrumentCode);
      if (prev) {
        prev.value += r.currentValue;
        prev.nominal =
          prev.nominal === null || r.nominalValue === null ? null : prev.nominal + r.nominalValue;
      } else
        byCode.set(r.instrumentCode, { value: r.currentValue, nominal: r.nominalValue, row: r });
    }
    const positions = [...byCode.entries()].map(([code, h]): PositionInput => {
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
    out.set(date, { date, nav, positions });
  }
  return out;
}

interface InstrumentDetail {
  readonly name: string;
  readonly mainType: string;
  readonly currency: string;
  readonly terms: InstrumentTerms | null;
  readonly mappingTicker: string | null;
  readonly underlyingTicker: string | null;
  readonly underlyingIsFuture: boolean;
}

/** Instruments with their mapping; a derivative's underlying resolved to a series ticker. */
export async function instrumentDetails(
  db: Database,
  codes: readonly string[],
): Promise<Map<string, InstrumentDetail>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ i: instruments, ticker: tickerMappings.seriesTicker })
    .from(instruments)
    .leftJoin(tickerMappings, eq(tickerMappings.instrumentCode, instruments.code))
    .where(inArray(instruments.code, [...codes]));
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
          await db
            .select({ t: marketSeries.ticker })
            .from(marketSeries)
            .where(inArray(marketSeries.ticker, underlyings))
        ).map((r) => r.t)
      : [],
  );
  const underlyingInstruments = underlyings.length
    ? await db
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

/** Every ticker the positions need: mappings, underlyings and the curve points of their currencies. */
export async function neededTickers(
  db: Database,
  positions: readonly PositionInput[],
): Promise<string[]> {
  const tickers = new Set<string>();
  for (const p of positions) {
    if (p.mappingTicker) tickers.add(p.mappingTicker);
    if (p.underlyingTicker) tickers.add(p.underlyingTicker);
  }
  const curves = await db
    .select({ t: marketSeries.ticker })
    .from(marketSeries)
    .where(eq(marketSeries.kind, 'curvePoint'));
  for (const c of curves) tickers.add(c.t);
  return [...tickers];
}

/**
 * Market data of `tickers` and every FX rate on the calendar of the dates on which any of the
 * tickers has a value, from `lookback` calendar dates before `from` through `to`. Price series
 * are read on `basis` (packages/db readSeriesValues): VaR and backtests use prices adjusted for
 * splits, bonus and rights issues (PRICE_BASIS_BY_CONVENTION.varAndBacktest), so a bedelsiz
 * issue is not a false crash in the scenarios.
 */
export async function loadMarketData(
  db: Database,
  tickers: readonly string[],
  from: string,
  to: string,
  lookback: number,
  basis: PriceBasis = PRICE_BASIS_BY_CONVENTION.varAndBacktest,
): Promise<MarketData> {
  const list = tickers.length ? [...tickers] : ['\u0000'];
  const before = await db
    .selectDistinct({ date: marketValues.date })
    .from(marketValues)
    .where(and(inArray(marketValues.ticker, list), lte(marketValues.date, from)))
    .orderBy(desc(marketValues.date))
    .limit(lookback + 1);
  const start = before.length ? before[before.length - 1]!.date : from;
  const meta = tickers.length
    ? await db.select().from(marketSeries).where(inArray(marketSeries.ticker, list))
    : [];
  const values = await readSeriesValues(db, { tickers, from: start, to, basis });
  const dates = [...new Set(values.map((v) => v.date))].sort();
  const index = new Map(dates.map((d, i) => [d, i]));
  const series = new Map<string, SeriesData>(
    meta.map((m) => [
      m.ticker,
      {
        ticker: m.ticker,
        kind: m.kind,
        currency: m.currency,
        tenorDays: m.tenorDays,
        values: new Float64Array(dates.length).fill(Number.NaN),
      },
    ]),
  );
  for (const v of values) series.get(v.ticker)!.values[index.get(v.date)!] = v.value;
  const fxRows = await db
    .select()
    .from(fxRates)
    .where(and(gte(fxRates.date, start), lte(fxRates.date, to)));
  const fx = new Map<string, Float64Array>();
  for (const r of fxRows) {
    const i = index.get(r.date);
    const rate = r.forexBuying ?? r.forexSelling ?? r.banknoteBuying;
    if (i === undefined || rate === null) continue;
    if (!fx.has(r.currency)) fx.set(r.currency, new Float64Array(dates.length).fill(Number.NaN));
    fx.get(r.currency)![i] = rate;
  }
  return { dates, series, fx };
}
