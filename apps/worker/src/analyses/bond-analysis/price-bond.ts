// Prices one bond of the instrument master's terms with the risk library's pricer under the
// Turkish conventions, and derives its cash-flow table, price-yield curve and key-rate durations.
import type { BondTerms, BondYieldConvention, DiscountYieldBasis } from '@fonrisk/contracts';
import {
  RiskError,
  cpiLinkedBondFromRealCleanPrice,
  cpiLinkedBondFromRealYield,
  fixedBondFromCleanPrice,
  fixedBondFromYield,
  floatingRateNoteFromCleanPrice,
  floatingRateNoteAfterRateMove,
  floatingRateNoteFromYield,
  parseIsoDate,
  simpleDiscountBillFromPrice,
  simpleDiscountBillFromYield,
  type BondAnalytics,
  type BusinessCalendar,
  type DayCount,
  type FixedBondSpec,
} from '@fonrisk/risk';
import { AnalysisInputError } from '../../runner/errors.ts';

export type BondQuote =
  | { readonly kind: 'yield'; readonly yieldPct: number }
  | { readonly kind: 'price'; readonly cleanPrice: number };

/** Day counts of the instrument master -> the pricer's; ACT/360 is not a bond convention there. */
const DAY_COUNTS: Readonly<Record<BondTerms['dayCount'], DayCount | null>> = {
  'ACT/365': 'act365f',
  'ACT/ACT': 'actact-isma',
  '30/360': '30-360',
  'ACT/360': null,
};

export interface PricingContext {
  readonly convention: BondYieldConvention;
  /** Floating notes: the projected index rate (fraction). */
  readonly indexRate: number | null;
  /** CPI-linked bonds: reference index at settlement ÷ at issue. */
  readonly indexRatio: number | null;
  /**
   * The business-day calendar of the payment dates (the Turkish calendar with the users' edits):
   * a coupon falling on a holiday is paid on the next business day (`following`, Hazine's DİBS
   * practice; packages/risk couponPeriods). Absent: unadjusted dates.
   */
  readonly calendar?: BusinessCalendar | undefined;
  /** Discount bills: simple or compound yield (decision 0057); default compound. */
  readonly discountYieldBasis?: DiscountYieldBasis | undefined;
}

/** A priced bond: the analytics at the quote and the price at any other yield (same conventions). */
export interface PricedBond {
  readonly analytics: BondAnalytics;
  /** Nominal (settlement) clean and dirty prices and accrued per 100: × index ratio for CPI-linked. */
  readonly cleanPrice: number;
  readonly dirtyPrice: number;
  readonly accruedInterest: number;
  /**
   * Nominal flows per 100 (CPI-linked: at today's index), each with its time in years under the
   * yield convention (the one the price discounts it at).
   */
  readonly cashflows: readonly {
    readonly date: string;
    readonly amount: number;
    readonly time: number;
  }[];
  readonly atYield: (y: number) => { readonly cleanPrice: number; readonly dirtyPrice: number };
  /**
   * The dirty price after every rate moves by `dy` (fraction): the yield for a fixed, discount or
   * CPI-linked bond; the index and the discount rate together for a floater, which keeps its
   * value at the next reset (decision 0057).
   */
  readonly afterRateMove: (dy: number) => number;
  /** Floaters: the spread figures beside the rate ones, and the next reset; else null. */
  readonly floater: {
    readonly spreadDuration: number;
    readonly nextResetDate: string;
  } | null;
}

function label(code: string): string {
  return `${code} tahvili`;
}

/**
 * Prices a bond from a yield (percent) or a clean price (per 100, nominal for CPI-linked bonds).
 * Discount bills are zero-coupon bonds; floaters project later coupons at index + quoted margin
 * (spreadBp); CPI-linked bonds discount real flows at the real yield, nominal = real × index ratio.
 * @throws AnalysisInputError (Turkish) for unsupported day counts, matured bonds or bad quotes.
 */
export function priceBond(
  code: string,
  terms: BondTerms,
  settlement: string,
  quote: BondQuote,
  ctx: PricingContext,
): PricedBond {
  const dayCount = DAY_COUNTS[terms.dayCount];
  if (dayCount === null)
    throw new AnalysisInputError(
      `${label(code)}: ${terms.dayCount} gün sayım yöntemi tahvil fiyatlamasında desteklenmiyor.`,
    );
  if (settlement >= terms.maturityDate)
    throw new AnalysisInputError(
      `${label(code)}: valör tarihi ${settlement}, vade tarihinden (${terms.maturityDate}) önce olmalı.`,
    );
  if (quote.kind === 'yield' && !(quote.yieldPct > -100))
    throw new AnalysisInputError(
      `${label(code)}: getiri -%100’den büyük olmalı (${quote.yieldPct}).`,
    );
  if (quote.kind === 'price' && !(quote.cleanPrice > 0))
    throw new AnalysisInputError(`${label(code)}: temiz fiyat sıfırdan büyük olmalı.`);
  const discount = terms.couponType === 'discount';
  const base: FixedBondSpec = {
    settlement,
    maturity: terms.maturityDate,
    issue: terms.issueDate <= settlement ? terms.issueDate : undefined,
    coupon: discount ? 0 : terms.couponRatePct / 100,
    frequency: discount ? 1 : terms.couponFrequency,
    dayCount,
    convention: ctx.convention,
    calendar: ctx.calendar,
  };
  try {
    if (terms.couponType === 'floating') {
      if (ctx.indexRate === null)
        throw new AnalysisInputError(
          `${label(code)}: değişken faizli tahvil için ${terms.referenceIndex ?? 'referans'} endeks oranı bulunamadı.`,
        );
      const spec = {
        ...base,
        currentCoupon: terms.couponRatePct / 100,
        projection: {
          method: 'flat-index' as const,
          indexRate: ctx.indexRate,
          quotedMargin: (terms.spreadBp ?? 0) / 10_000,
        },
      };
      const a =
        quote.kind === 'yield'
          ? floatingRateNoteFromYield(spec, quote.yieldPct / 100)
          : floatingRateNoteFromCleanPrice(spec, quote.cleanPrice);
      return {
        analytics: a,
        cleanPrice: a.cleanPrice,
        dirtyPrice: a.dirtyPrice,
        accruedInterest: a.accruedInterest,
        cashflows: a.cashflows,
        atYield: (y) => floatingRateNoteFromYield(spec, y),
        afterRateMove: (dy) => floatingRateNoteAfterRateMove(a, dy),
        floater: { spreadDuration: a.spreadDuration, nextResetDate: a.nextResetDate },
      };
    }
    if (terms.couponType === 'cpiLinked') {
      const ratio = ctx.indexRatio;
      if (ratio === null || !(ratio > 0))
        throw new AnalysisInputError(
          `${label(code)}: TÜFE’ye endeksli tahvil için endeks katsayısı bulunamadı.`,
        );
      const spec = { ...base, indexRatio: ratio };
      const a =
        quote.kind === 'yield'
          ? cpiLinkedBondFromRealYield(spec, quote.yieldPct / 100)
          : cpiLinkedBondFromRealCleanPrice(spec, quote.cleanPrice / ratio);
      return {
        analytics: a,
        cleanPrice: a.nominalCleanPrice,
        dirtyPrice: a.nominalDirtyPrice,
        accruedInterest: a.nominalAccruedInterest,
        cashflows: a.indexedCashflows,
        atYield: (y) => {
          const r = cpiLinkedBondFromRealYield(spec, y);
          return { cleanPrice: r.nominalCleanPrice, dirtyPrice: r.nominalDirtyPrice };
        },
        afterRateMove: (dy) => cpiLinkedBondFromRealYield(spec, a.yield + dy).nominalDirtyPrice,
        floater: null,
      };
    }
    if (discount && ctx.discountYieldBasis === 'simple') {
      const { maturityDate } = terms;
      const a =
        quote.kind === 'yield'
          ? simpleDiscountBillFromYield(settlement, maturityDate, quote.yieldPct / 100)
          : simpleDiscountBillFromPrice(settlement, maturityDate, quote.cleanPrice);
      return {
        analytics: a,
        cleanPrice: a.cleanPrice,
        dirtyPrice: a.dirtyPrice,
        accruedInterest: 0,
        cashflows: a.cashflows,
        atYield: (y) => simpleDiscountBillFromYield(settlement, maturityDate, y),
        afterRateMove: (dy) =>
          simpleDiscountBillFromYield(settlement, maturityDate, a.yield + dy).dirtyPrice,
        floater: null,
      };
    }
    const a =
      quote.kind === 'yield'
        ? fixedBondFromYield(base, quote.yieldPct / 100)
        : fixedBondFromCleanPrice(base, quote.cleanPrice);
    return {
      analytics: a,
      cleanPrice: a.cleanPrice,
      dirtyPrice: a.dirtyPrice,
      accruedInterest: a.accruedInterest,
      cashflows: a.cashflows,
      atYield: (y) => fixedBondFromYield(base, y),
      afterRateMove: (dy) => fixedBondFromYield(base, a.yield + dy).dirtyPrice,
      floater: null,
    };
  } catch (error) {
    if (error instanceof RiskError)
      throw new AnalysisInputError(
        `${label(code)} fiyatlanamadı: ${quote.kind === 'yield' ? `getiri %${quote.yieldPct}` : `temiz fiyat ${quote.cleanPrice}`} için geçerli bir sonuç yok (${error.message}).`,
      );
    throw error;
  }
}

/** Years from settlement to a flow date on ACT/365. */
export function yearsTo(settlement: string, date: string): number {
  return (parseIsoDate(date) - parseIsoDate(settlement)) / 365;
}

/** Clean prices at the yield ± `spanPct` percentage points in `steps` steps (the price-yield chart). */
export function priceYieldCurve(
  priced: PricedBond,
  yieldPct: number,
  spanPct = 10,
  steps = 41,
): { yieldPct: number; cleanPrice: number }[] {
  const out: { yieldPct: number; cleanPrice: number }[] = [];
  for (let i = 0; i < steps; i++) {
    const y = yieldPct - spanPct + (2 * spanPct * i) / (steps - 1);
    if (y <= -99) continue;
    try {
      out.push({ yieldPct: y, cleanPrice: priced.atYield(y / 100).cleanPrice });
    } catch {
      // A yield the pricer rejects (present value not positive) is left out of the curve.
    }
  }
  return out;
}

/** A point of the TRY zero-coupon government curve: tenor in days, yield in percent (ACT/365, annual). */
export interface CurvePoint {
  readonly ticker: string;
  readonly days: number;
  readonly yieldPct: number;
}

function zeroRate(curve: readonly CurvePoint[], days: number, bumped: number, bp: number): number {
  const rate = (i: number) => curve[i]!.yieldPct / 100 + (i === bumped ? bp / 10_000 : 0);
  if (days <= curve[0]!.days) return rate(0);
  for (let i = 1; i < curve.length; i++) {
    if (days <= curve[i]!.days) {
      const w = (days - curve[i - 1]!.days) / (curve[i]!.days - curve[i - 1]!.days);
      return rate(i - 1) * (1 - w) + rate(i) * w;
    }
  }
  return rate(curve.length - 1);
}

function curvePrice(
  flows: readonly { days: number; amount: number }[],
  curve: readonly CurvePoint[],
  spread: number,
  bumped = -1,
  bp = 0,
): number {
  let pv = 0;
  for (const f of flows)
    pv += f.amount * (1 + zeroRate(curve, f.days, bumped, bp) + spread) ** (-f.days / 365);
  return pv;
}

/**
 * Key-rate durations against the TRY zero curve (Ho, "Key Rate Durations", Journal of Fixed
 * Income 1992): the flows are discounted on the linearly interpolated zero curve (annual
 * compounding, ACT/365) plus a constant spread solved so that the curve price equals the dirty
 * price; each key rate is moved ±1 bp alone (its effect fading linearly to the neighbouring
 * tenors), KRD_k = (P₋ − P₊) / (2 · P · 0.0001). The KRDs add up to the curve (effective) duration.
 * Returns null spread and no durations without a curve.
 */
export function keyRateDurations(
  settlement: string,
  cashflows: readonly { date: string; amount: number }[],
  dirtyPrice: number,
  curve: readonly CurvePoint[],
): { spreadBp: number | null; durations: { tenor: string; days: number; duration: number }[] } {
  if (curve.length === 0 || !(dirtyPrice > 0)) return { spreadBp: null, durations: [] };
  const flows = cashflows
    .map((c) => ({ days: parseIsoDate(c.date) - parseIsoDate(settlement), amount: c.amount }))
    .filter((f) => f.days > 0);
  let lo = -0.99;
  let hi = 10;
  for (let k = 0; k < 200; k++) {
    const mid = (lo + hi) / 2;
    if (curvePrice(flows, curve, mid) > dirtyPrice) lo = mid;
    else hi = mid;
  }
  const spread = (lo + hi) / 2;
  const p = curvePrice(flows, curve, spread);
  return {
    spreadBp: spread * 10_000,
    durations: curve.map((point, i) => ({
      tenor: tenorLabel(point.days),
      days: point.days,
      duration:
        (curvePrice(flows, curve, spread, i, -1) - curvePrice(flows, curve, spread, i, 1)) /
        (2 * p * 0.0001),
    })),
  };
}

/** 91 -> "3A", 365 -> "1Y", 1825 -> "5Y" (Turkish short tenor labels: A = ay, Y = yıl). */
export function tenorLabel(days: number): string {
  if (days < 360) return `${Math.round(days / 30.4)}A`;
  return `${Math.round(days / 365)}Y`;
}
