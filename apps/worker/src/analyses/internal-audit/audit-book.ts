// Loads the holdings an investment-limit audit evaluates: per portfolio and holdings date, the
// lines summed per instrument with the instrument master's attributes (issuer, group, sector...),
// the Rehber §4.2.6 maturity data of debt lines and the commitment of derivative lines.
import type { AuditHolding, HoldingMaturity, MaturityKind } from '@fonrisk/contracts';
import { BondTermsSchema, InstrumentTermsSchema, type InstrumentTerms } from '@fonrisk/contracts';
import {
  type Database,
  and,
  gte,
  holdings,
  inArray,
  instruments,
  lte,
  portfolios,
  sql,
} from '@fonrisk/db';
import {
  couponPeriods,
  derivativeOnMarket,
  firstObservation,
  fixedBondFromYield,
  formatIsoDate,
  indexOnOrBefore,
  parseIsoDate,
  type DerivativeExposure,
  type FixedBondSpec,
  type PositionInput,
} from '@fonrisk/risk';
import { AnalysisInputError } from '../../runner/errors.ts';
import {
  type PortfolioRef,
  holdingsDates,
  instrumentDetails,
  latestHoldingsDate,
  loadMarketData,
  neededTickers,
  resolvePortfolios,
} from '../data/load.ts';

export interface AuditBook {
  readonly portfolioCode: string;
  readonly portfolioName: string;
  readonly fundCategory: string | null;
  readonly date: string;
  readonly nav: number;
  readonly holdings: AuditHolding[];
}

export type AuditDates =
  { readonly asOfDate: string } | { readonly fromDate: string; readonly toDate: string };

interface InstrumentInfo {
  readonly name: string;
  readonly mainType: string;
  readonly subType: string | null;
  readonly currency: string;
  readonly issuer: string | null;
  readonly issuerGroup: string | null;
  readonly sector: string | null;
  readonly isForeign: boolean;
  readonly fundCategory: string | null;
  readonly terms: InstrumentTerms | null;
}

const DAY_COUNTS: Readonly<Record<string, FixedBondSpec['dayCount'] | undefined>> = {
  'ACT/365': 'act365f',
  'ACT/ACT': 'actact-isma',
  '30/360': '30-360',
  'ACT/360': 'act365f',
};
const DERIVATIVE_TYPES = new Set(['future', 'option', 'warrant']);
const FUND_UNIT_TYPES = new Set(['fundShare', 'exchangeTradedFund']);
const COUNTERPARTY_TYPES = new Set(['deposit', 'participationAccount', 'reverseRepo', 'repo']);
const DISCOUNT_TYPES = new Set(['treasuryBill', 'bankBill', 'commercialPaper']);

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const num = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v)
    ? v
    : typeof v === 'string' && v !== '' && Number.isFinite(Number(v))
      ? Number(v)
      : null;
const truthy = (v: unknown): boolean => v === true || v === 'true' || v === 1 || v === 'Evet';

/**
 * Maturity data of a debt line on `date` (Rehber §4.2.6): coupon type from the bond terms, the
 * Macaulay duration of fixed-coupon bonds at the line's internal discount rate (the coupon rate
 * when the file has none), the next coupon of floating bonds; bills without terms and deposits
 * from their MaturityDate column. Null for lines without a maturity.
 */
function maturityOf(
  info: InstrumentInfo | undefined,
  mainType: string,
  columns: Readonly<Record<string, unknown>>,
  date: string,
  cache: Map<string, HoldingMaturity | null>,
  code: string,
): HoldingMaturity | null {
  const key = `${code}|${date}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  let out: HoldingMaturity | null = null;
  const bond = info?.terms?.kind === 'bond' ? BondTermsSchema.safeParse(info.terms) : null;
  if (bond?.success && bond.data.maturityDate > date) {
    const t = bond.data;
    const kind: MaturityKind =
      t.couponType === 'discount'
        ? 'discount'
        : t.couponType === 'cpiLinked'
          ? 'cpiLinked'
          : t.couponType === 'floating'
            ? 'floating'
            : 'fixed';
    let nextPaymentDate: string | null = null;
    let macaulayYears: number | null = null;
    if (kind !== 'discount' && t.couponFrequency > 0) {
      try {
        const periods = couponPeriods({
          settlement: parseIsoDate(date),
          maturity: parseIsoDate(t.maturityDate),
          frequency: t.couponFrequency,
          issue: t.issueDate <= date ? parseIsoDate(t.issueDate) : undefined,
        });
        nextPaymentDate = periods[0] ? formatIsoDate(periods[0].end) : null;
        if (kind === 'fixed') {
          const rate = num(columns.internalDiscountRate) ?? t.couponRatePct;
          macaulayYears = fixedBondFromYield(
            {
              settlement: date,
              maturity: t.maturityDate,
              issue: t.issueDate <= date ? t.issueDate : undefined,
              coupon: t.couponRatePct / 100,
              frequency: t.couponFrequency,
              dayCount: DAY_COUNTS[t.dayCount] ?? 'act365f',
            },
            rate / 100,
          ).macaulayDuration;
        }
      } catch {
        // An irregular schedule the library refuses: count to maturity (the engine's fallback).
      }
    }
    out = { kind, maturityDate: t.maturityDate, nextPaymentDate, macaulayYears };
  } else {
    const maturityDate = str(columns.MaturityDate) ?? str(columns.redemptionDate);
    if (maturityDate !== null && maturityDate > date) {
      const kind: MaturityKind | null = DISCOUNT_TYPES.has(mainType)
        ? 'discount'
        : mainType === 'deposit' || mainType === 'participationAccount'
          ? 'deposit'
          : mainType === 'reverseRepo' || mainType === 'moneyMarket' || mainType === 'repo'
            ? 'reverseRepo'
            : null;
      if (kind !== null) out = { kind, maturityDate, nextPaymentDate: null, macaulayYears: null };
    }
  }
  cache.set(key, out);
  return out;
}

async function instrumentInfo(
  db: Database,
  codes: readonly string[],
): Promise<Map<string, InstrumentInfo>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ i: instruments })
    .from(instruments)
    .where(inArray(instruments.code, [...codes]));
  return new Map(
    rows.map((r) => {
      const terms = InstrumentTermsSchema.safeParse(r.i.terms);
      return [
        r.i.code,
        {
          name: r.i.name,
          mainType: r.i.mainType,
          subType: r.i.subType,
          currency: r.i.currency,
          issuer: r.i.issuer,
          issuerGroup: r.i.issuerGroup,
          sector: r.i.sector,
          isForeign: r.i.isForeign,
          fundCategory: r.i.fundCategory,
          terms: terms.success ? terms.data : null,
        },
      ];
    }),
  );
}

/** Days of underlying history for an option's volatility when its price implies none (as leverage). */
const VOL_WINDOW = 60;

type ExposureOf = (
  code: string,
  line: { readonly value: number; readonly nominal: number | null },
  date: string,
) => DerivativeExposure | null;

/**
 * The exposure of derivative lines on the audited dates by the risk library's one rule
 * (`derivativeOnMarket`, decision 0051): futures at contracts × size × the underlying's level,
 * options delta-adjusted at the volatility implied from the line's value. Null when the line
 * cannot be priced (the engine then takes |value|).
 */
async function derivativeExposures(
  db: Database,
  codes: readonly string[],
  from: string,
  to: string,
): Promise<ExposureOf> {
  const details = await instrumentDetails(db, codes);
  if (details.size === 0) return () => null;
  const position = (code: string, line: Parameters<ExposureOf>[1]): PositionInput | null => {
    const d = details.get(code);
    if (!d) return null;
    return {
      instrumentCode: code,
      instrumentName: d.name,
      mainType: d.mainType,
      currency: d.currency,
      nominalValue: line.nominal,
      valueTry: line.value,
      maturityDate: null,
      ratePct: null,
      modifiedDuration: null,
      terms: d.terms,
      mappingTicker: d.mappingTicker,
      underlyingTicker: d.underlyingTicker,
      underlyingIsFuture: d.underlyingIsFuture,
    };
  };
  const probes = [...details.keys()].flatMap((c) => {
    const p = position(c, { value: 0, nominal: null });
    return p === null ? [] : [p];
  });
  const market = await loadMarketData(
    db,
    await neededTickers(db, probes),
    from,
    to,
    VOL_WINDOW + 1,
  );
  return (code, line, date) => {
    const p = position(code, line);
    const t = indexOnOrBefore(market.dates, date);
    const u = p?.underlyingTicker == null ? undefined : market.series.get(p.underlyingTicker);
    if (p === null || u === undefined) return null;
    // The volatility window starts no earlier than the underlying's first value.
    const scenarios = Math.min(VOL_WINDOW, t - Math.max(0, firstObservation(u.values)));
    if (scenarios < 1) return null;
    const d = derivativeOnMarket(p, market, { endIndex: t, scenarios, stepDays: 1 }, date);
    return 'reason' in d ? null : d.exposure;
  };
}

/** One stored line (or a proposed one) as the audit engine reads it. */
interface LineData {
  readonly name: string | null;
  readonly mainType: string | null;
  readonly currency: string | null;
  readonly value: number;
  readonly nominal: number | null;
  readonly columns: Readonly<Record<string, unknown>>;
}

/** A holding line with the instrument master's attributes, its maturity and derivative exposure. */
function auditHolding(
  code: string,
  line: LineData,
  i: InstrumentInfo | undefined,
  exposureOf: ExposureOf,
  date: string,
  cache: Map<string, HoldingMaturity | null>,
): AuditHolding {
  const c = line.columns;
  const mainType = i?.mainType ?? line.mainType ?? 'other';
  // A fund unit's issuer is the fund itself, not its management company (decision 0051).
  const issuer = FUND_UNIT_TYPES.has(mainType) ? code : (i?.issuer ?? str(c.issuer));
  const exposure = DERIVATIVE_TYPES.has(mainType)
    ? exposureOf(code, { value: line.value, nominal: line.nominal }, date)
    : null;
  return {
    instrumentCode: code,
    instrumentName: line.name ?? i?.name ?? null,
    mainType,
    subType: i?.subType ?? str(c.investmentInstrumentSubType),
    issuer,
    issuerGroup: i?.issuerGroup ?? i?.issuer ?? issuer,
    sector: i?.sector ?? str(c.sector),
    currency: i?.currency ?? line.currency ?? 'TRY',
    isForeign: (i?.isForeign ?? false) || truthy(c.isForeign),
    fundCategory: i?.fundCategory ?? str(c.fundCategory),
    counterparty: str(c.counterparty) ?? (COUNTERPARTY_TYPES.has(mainType) ? issuer : null),
    valueTry: line.value,
    commitmentTry: exposure?.exposureTry ?? null,
    notionalTry: exposure?.notionalTry ?? null,
    maturity: maturityOf(i, mainType, c, date, cache, code),
    columns: c,
  };
}

/**
 * Audit holdings of instruments a portfolio does not hold yet (a proposed trade, decision 0064),
 * from the instrument master only: value and nominal as given, no holdings columns. Codes
 * without a master row are left out (the caller has checked them).
 */
export async function proposedAuditHoldings(
  db: Database,
  lines: readonly { code: string; value: number; nominal: number | null }[],
  date: string,
): Promise<AuditHolding[]> {
  const codes = lines.map((l) => l.code);
  const info = await instrumentInfo(db, codes);
  const exposureOf = await derivativeExposures(
    db,
    codes.filter((c) => DERIVATIVE_TYPES.has(info.get(c)?.mainType ?? '')),
    date,
    date,
  );
  const cache = new Map<string, HoldingMaturity | null>();
  return lines.flatMap((l) => {
    const i = info.get(l.code);
    if (!i) return [];
    const line = { name: i.name, mainType: i.mainType, currency: i.currency, columns: {} };
    return [
      auditHolding(
        l.code,
        { ...line, value: l.value, nominal: l.nominal },
        i,
        exposureOf,
        date,
        cache,
      ),
    ];
  });
}

/** The holdings dates audited for a portfolio: the latest on or before a date, or every one of a range. */
async function datesOf(db: Database, ref: PortfolioRef, dates: AuditDates): Promise<string[]> {
  if ('asOfDate' in dates) {
    const d = await latestHoldingsDate(db, ref, dates.asOfDate);
    if (d === null)
      throw new AnalysisInputError(
        `${ref.code} portföyünün ${dates.asOfDate} veya öncesine ait portföy dağılımı yok.`,
      );
    return [d];
  }
  const list = await holdingsDates(db, ref, dates.fromDate, dates.toDate);
  if (list.length === 0)
    throw new AnalysisInputError(
      `${ref.code} portföyünün ${dates.fromDate} – ${dates.toDate} aralığında portföy dağılımı yok.`,
    );
  return list;
}

/** Unified portfolios sum their members; their fund category is the members' common one, if any. */
/** The holdings columns the loader itself reads (maturities, rates, attributes without a master row). */
export const AUDIT_BASE_COLUMNS = [
  'MaturityDate',
  'redemptionDate',
  'internalDiscountRate',
  'issuer',
  'sector',
  'investmentInstrumentSubType',
  'isForeign',
  'fundCategory',
  'counterparty',
] as const;

/**
 * The audit books of the portfolios on the chosen date(s), in portfolio then date order.
 * Only the holdings columns in `columnKeys` (plus AUDIT_BASE_COLUMNS) are read, so a range of
 * many days does not parse every stored column; null reads them all (the preview).
 */
export async function loadAuditBooks(
  db: Database,
  codes: readonly string[],
  dates: AuditDates,
  columnKeys: readonly string[] | null = null,
): Promise<AuditBook[]> {
  const refs = await resolvePortfolios(db, codes);
  const meta = await db
    .select({ code: portfolios.code, fundCategory: portfolios.fundCategory })
    .from(portfolios)
    .where(inArray(portfolios.code, [...new Set(refs.flatMap((r) => r.members))]));
  const category = new Map(meta.map((m) => [m.code, m.fundCategory]));
  const books: AuditBook[] = [];
  const cache = new Map<string, HoldingMaturity | null>();
  for (const ref of refs) {
    const days = await datesOf(db, ref, dates);
    const rows = await db
      .select({
        date: holdings.portfolioDate,
        code: holdings.instrumentCode,
        name: holdings.instrumentName,
        mainType: holdings.mainType,
        currency: holdings.currency,
        nominal: holdings.nominalValue,
        value: holdings.currentValue,
        columns:
          columnKeys === null
            ? holdings.columns
            : sql<Record<string, unknown>>`jsonb_build_object(${sql.join(
                [...new Set([...AUDIT_BASE_COLUMNS, ...columnKeys])].map(
                  (k) => sql`${k}::text, ${holdings.columns} -> ${k}::text`,
                ),
                sql`, `,
              )})`,
      })
      .from(holdings)
      .where(
        and(
          inArray(holdings.portfolioCode, [...ref.members]),
          gte(holdings.portfolioDate, days[0]!),
          lte(holdings.portfolioDate, days[days.length - 1]!),
        ),
      );
    const info = await instrumentInfo(db, [...new Set(rows.map((r) => r.code))]);
    const exposureOf = await derivativeExposures(
      db,
      [...info.entries()].filter(([, i]) => DERIVATIVE_TYPES.has(i.mainType)).map(([c]) => c),
      days[0]!,
      days[days.length - 1]!,
    );
    const cats = [...new Set(ref.members.map((m) => category.get(m) ?? null))];
    const fundCategory = cats.length === 1 ? cats[0]! : null;
    const wanted = new Set(days);
    type Line = { value: number; nominal: number | null; row: (typeof rows)[number] };
    const byDate = new Map<string, Map<string, Line>>();
    for (const r of rows) {
      if (!wanted.has(r.date)) continue;
      let lines = byDate.get(r.date);
      if (!lines) byDate.set(r.date, (lines = new Map<string, Line>()));
      const prev = lines.get(r.code);
      if (prev) {
        prev.value += r.value;
        prev.nominal =
          prev.nominal === null || r.nominal === null ? null : prev.nominal + r.nominal;
      } else lines.set(r.code, { value: r.value, nominal: r.nominal, row: r });
    }
    for (const date of days) {
      const lines: Map<string, Line> = byDate.get(date) ?? new Map<string, Line>();
      let nav = 0;
      const list: AuditHolding[] = [];
      for (const [code, l] of lines) {
        nav += l.value;
        list.push(
          auditHolding(
            code,
            { ...l.row, value: l.value, nominal: l.nominal },
            info.get(code),
            exposureOf,
            date,
            cache,
          ),
        );
      }
      books.push({
        portfolioCode: ref.code,
        portfolioName: ref.name,
        fundCategory,
        date,
        nav,
        holdings: list,
      });
    }
  }
  return books;
}
