// Market data of bond analysis: a bond's quote, index rates and ratios, the TRY zero curve.
import { BondTermsSchema, type BondTerms } from '@fonrisk/contracts';
import {
  type Database,
  and,
  desc,
  eq,
  instruments,
  lte,
  marketSeries,
  marketValues,
  tickerMappings,
} from '@fonrisk/db';
import { AnalysisInputError } from '../../runner/errors.ts';
import type { CurvePoint } from './price-bond.ts';

/** The latest value of a series on or before `date`, with its date; null when there is none. */
export async function valueOnOrBefore(
  db: Database,
  ticker: string,
  date: string,
): Promise<{ date: string; value: number } | null> {
  const [row] = await db
    .select({ date: marketValues.date, value: marketValues.value })
    .from(marketValues)
    .where(and(eq(marketValues.ticker, ticker), lte(marketValues.date, date)))
    .orderBy(desc(marketValues.date))
    .limit(1);
  return row ?? null;
}

export interface MasterBond {
  readonly code: string;
  readonly name: string;
  readonly terms: BondTerms;
  readonly seriesTicker: string | null;
}

/** A bond of the instrument master with its mapped series; Turkish errors when it is not a bond. */
export async function loadMasterBond(db: Database, code: string): Promise<MasterBond> {
  const [row] = await db
    .select({ i: instruments, ticker: tickerMappings.seriesTicker })
    .from(instruments)
    .leftJoin(tickerMappings, eq(tickerMappings.instrumentCode, instruments.code))
    .where(eq(instruments.code, code));
  if (!row) throw new AnalysisInputError(`${code} kodlu varlık tanımı bulunamadı.`);
  const terms = BondTermsSchema.safeParse(row.i.terms);
  if (!terms.success)
    throw new AnalysisInputError(
      `${code} (${row.i.name}) için tahvil koşulları (kupon, vade, gün sayımı) tanımlı değil.`,
    );
  return { code, name: row.i.name, terms: terms.data, seriesTicker: row.ticker };
}

/** The quote of a bond's mapped series on or before the date: a clean price or a yield. */
export async function marketQuote(
  db: Database,
  ticker: string | null,
  date: string,
): Promise<{ kind: 'price'; cleanPrice: number } | { kind: 'yield'; yieldPct: number } | null> {
  if (ticker === null) return null;
  const [series] = await db.select().from(marketSeries).where(eq(marketSeries.ticker, ticker));
  if (!series) return null;
  const v = await valueOnOrBefore(db, ticker, date);
  if (v === null) return null;
  if (series.kind === 'yield') return { kind: 'yield', yieldPct: v.value };
  if (series.kind === 'price') return { kind: 'price', cleanPrice: v.value };
  return null;
}

/** The series ticker of a reference index name: 'TÜFE' -> 'TUFE', 'TLREF' -> 'TLREF'. */
export function indexTicker(name: string): string {
  return name
    .toLocaleUpperCase('tr-TR')
    .replace(/Ü/g, 'U')
    .replace(/Ö/g, 'O')
    .replace(/Ş/g, 'S')
    .replace(/Ç/g, 'C')
    .replace(/Ğ/g, 'G')
    .replace(/İ/g, 'I')
    .replace(/[^A-Z0-9]/g, '');
}

/** The floating note's index rate (fraction) on the date, from the index series (percent). */
export async function indexRateOn(
  db: Database,
  terms: BondTerms,
  date: string,
): Promise<number | null> {
  if (terms.couponType !== 'floating' || !terms.referenceIndex) return null;
  const v = await valueOnOrBefore(db, indexTicker(terms.referenceIndex), date);
  return v === null ? null : v.value / 100;
}

/** TÜFE reference index at settlement ÷ at issue (the daily reference index series). */
export async function indexRatioOn(
  db: Database,
  terms: BondTerms,
  date: string,
): Promise<number | null> {
  if (terms.couponType !== 'cpiLinked' || !terms.referenceIndex) return null;
  const ticker = indexTicker(terms.referenceIndex);
  const now = await valueOnOrBefore(db, ticker, date);
  const atIssue = await valueOnOrBefore(db, ticker, terms.issueDate);
  if (now === null || atIssue === null) return null;
  return now.value / atIssue.value;
}

/** The TRY government zero curve (curve-point series) on or before the date, by tenor (one query). */
export async function tryCurve(db: Database, date: string): Promise<CurvePoint[]> {
  const rows = await db
    .selectDistinctOn([marketValues.ticker], {
      ticker: marketValues.ticker,
      days: marketSeries.tenorDays,
      value: marketValues.value,
    })
    .from(marketValues)
    .innerJoin(marketSeries, eq(marketSeries.ticker, marketValues.ticker))
    .where(
      and(
        eq(marketSeries.kind, 'curvePoint'),
        eq(marketSeries.currency, 'TRY'),
        lte(marketValues.date, date),
      ),
    )
    .orderBy(marketValues.ticker, desc(marketValues.date));
  return rows
    .flatMap((r) =>
      r.days === null ? [] : [{ ticker: r.ticker, days: r.days, yieldPct: r.value }],
    )
    .sort((a, b) => a.days - b.days);
}
