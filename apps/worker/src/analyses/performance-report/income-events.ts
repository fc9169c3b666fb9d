// The income of the positions an attribution holds, read once for its window: coupons and
// redemptions of bonds from their terms (floaters at the fixing of each period, CPI-linked
// coupons times the index ratio, foreign-currency coupons at the day's rate), cash dividends,
// splits and bonus issues from corporate_actions (docs/decisions/0052-income-floaters-and-conventions.md).
import type { BondTerms, InstrumentTerms } from '@fonrisk/contracts';
import { type Database, and, corporateActions, gt, inArray, lte, readFxRates } from '@fonrisk/db';
import {
  BOND_DAY_COUNTS,
  couponsBetween,
  formatIsoDate,
  monthsBefore,
  type UnitEvent,
} from '@fonrisk/risk';
import { AnalysisInputError } from '../../runner/errors.ts';
import type { Snapshot } from '../data/load.ts';
import { seriesValues } from './performance-data.ts';
import { indexRateOn, indexRatioOn } from '../bond-analysis/bond-data.ts';

/** The dated income of one instrument per unit held, and its maturity when it is redeemed. */
export interface PositionIncome {
  /** In date order, each in TRY per unit (bonds: per 1 of nominal). */
  readonly events: readonly UnitEvent[];
  /** A bond's maturity: a position gone after it was redeemed, not sold. */
  readonly maturity: string | null;
}

/** An instrument an attribution holds, as the income reader needs it. */
export interface IncomeInstrument {
  readonly code: string;
  readonly currency: string;
  readonly terms: InstrumentTerms | null;
}

/** The distinct instruments of holdings snapshots. */
export function instrumentsOf(snapshots: readonly Snapshot[]): IncomeInstrument[] {
  const byCode = new Map<string, IncomeInstrument>();
  for (const s of snapshots)
    for (const p of s.positions)
      byCode.set(p.instrumentCode, {
        code: p.instrumentCode,
        currency: p.currency,
        terms: p.terms,
      });
  return [...byCode.values()];
}

/**
 * The price of each futures or options contract of the snapshots on a date (its mapped series,
 * the last value on or before the date: after expiry its last price, the settlement), or null.
 */
export async function loadDerivativePrices(
  db: Database,
  snapshots: readonly Snapshot[],
  from: string,
  to: string,
): Promise<(code: string, date: string) => number | null> {
  const tickers = new Map<string, string>();
  for (const s of snapshots)
    for (const p of s.positions)
      if ((p.terms?.kind === 'future' || p.terms?.kind === 'option') && p.mappingTicker !== null)
        tickers.set(p.instrumentCode, p.mappingTicker);
  const series = new Map<string, { dates: string[]; values: number[] }>();
  for (const ticker of new Set(tickers.values()))
    series.set(ticker, await seriesValues(db, ticker, monthsBefore(from, 1), to));
  return (code, date) => {
    const t = tickers.get(code);
    const s = t === undefined ? undefined : series.get(t);
    if (!s) return null;
    let out: number | null = null;
    for (let i = 0; i < s.dates.length && s.dates[i]! <= date; i++)
      if (Number.isFinite(s.values[i])) out = s.values[i]!;
    return out;
  };
}

/** Income of each instrument with coupon terms or corporate actions in (from, to]. */
export async function loadIncomeEvents(
  db: Database,
  instruments: readonly IncomeInstrument[],
  from: string,
  to: string,
): Promise<Map<string, PositionIncome>> {
  const out = new Map<string, PositionIncome>();
  const foreign = [...new Set(instruments.map((i) => i.currency).filter((c) => c !== 'TRY'))];
  const fx = await readFxRates(db, monthsBefore(from, 1), to, foreign);
  const fxOn = (currency: string, date: string): number | null => {
    let best: { date: string; rate: number } | null = null;
    for (const r of fx)
      if (r.currency === currency && r.date <= date && (best === null || r.date > best.date))
        best = r;
    return best?.rate ?? null;
  };
  for (const i of instruments) {
    if (i.terms?.kind !== 'bond') continue;
    const events = await bondEvents(db, i, i.terms, from, to, (date) =>
      i.currency === 'TRY' ? 1 : fxOn(i.currency, date),
    );
    out.set(i.code, { events, maturity: i.terms.maturityDate });
  }
  const codes = instruments.map((i) => i.code);
  const actions = codes.length
    ? await db
        .select()
        .from(corporateActions)
        .where(
          and(
            inArray(corporateActions.instrumentCode, codes),
            gt(corporateActions.exDate, from),
            lte(corporateActions.exDate, to),
          ),
        )
    : [];
  for (const a of actions.sort((x, y) => x.exDate.localeCompare(y.exDate))) {
    const event: UnitEvent | null =
      a.kind === 'dividend' && a.amount !== null
        ? { date: a.exDate, incomePerUnit: a.amount }
        : a.kind === 'split' && a.ratio !== null
          ? { date: a.exDate, unitFactor: a.ratio }
          : a.kind === 'bonus' && a.ratio !== null
            ? { date: a.exDate, unitFactor: 1 + a.ratio / 100 }
            : null;
    if (event === null) continue;
    const prev = out.get(a.instrumentCode);
    out.set(a.instrumentCode, {
      events: [...(prev?.events ?? []), event],
      maturity: prev?.maturity ?? null,
    });
  }
  return out;
}

/**
 * Coupons and redemption per 1 of nominal of a bond in (from, to], in TRY: a fixed coupon at its
 * rate; a floater's at its index on the period's start plus the quoted margin (the terms' current
 * rate when the index has no value); a CPI-linked bond's real coupon and redemption times the
 * index ratio on the coupon date. A foreign-currency bond's income at that day's rate.
 */
async function bondEvents(
  db: Database,
  instrument: IncomeInstrument,
  terms: BondTerms,
  from: string,
  to: string,
  fxOn: (date: string) => number | null,
): Promise<UnitEvent[]> {
  const base = {
    issue: terms.issueDate,
    maturity: terms.maturityDate,
    frequency: terms.couponType === 'discount' ? 0 : terms.couponFrequency,
    dayCount: BOND_DAY_COUNTS[terms.dayCount],
  };
  const fixings = new Map<string, number>();
  if (terms.couponType === 'floating')
    // The fixings are read before the (synchronous) schedule asks for them.
    for (const f of couponsBetween({ ...base, couponRate: () => 0 }, from, to)) {
      const index = await indexRateOn(db, terms, f.accrualStart);
      fixings.set(
        f.accrualStart,
        index === null ? terms.couponRatePct / 100 : index + (terms.spreadBp ?? 0) / 10_000,
      );
    }
  const flows = couponsBetween(
    {
      ...base,
      couponRate: (p) => fixings.get(formatIsoDate(p.accrualStart)) ?? terms.couponRatePct / 100,
    },
    from,
    to,
  );
  const events: UnitEvent[] = [];
  for (const f of flows) {
    const ratio = terms.couponType === 'cpiLinked' ? await indexRatioOn(db, terms, f.date) : 1;
    const rate = fxOn(f.date);
    if (ratio === null || rate === null)
      throw new AnalysisInputError(
        `${instrument.code} tahvilinin ${trDate(f.date)} tarihli ${f.redemption > 0 ? 'itfası' : 'kuponu'} için ${ratio === null ? `${terms.referenceIndex ?? 'TÜFE'} endeks oranı` : `${instrument.currency} kuru`} bulunamadı; getiri ayrıştırması bu geliri sayamaz.`,
      );
    events.push({ date: f.date, incomePerUnit: (f.coupon + f.redemption) * ratio * rate });
  }
  return events;
}

/** dd.mm.yyyy of an ISO date, for the report's Turkish text. */
export const trDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
