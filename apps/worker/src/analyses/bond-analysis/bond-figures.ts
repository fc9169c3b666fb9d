// One bond's figures in a bond analysis: the case (terms, quote, index values, position), its
// position-independent pricing (price, yield, durations, cash flows, key-rate durations) kept in a
// run's memo, and the figures of the position holding it.
import type {
  BondFigures,
  BondTerms,
  BondYieldConvention,
  DiscountYieldBasis,
} from '@fonrisk/contracts';
import type { BusinessCalendar } from '@fonrisk/risk';
import {
  keyRateDurations,
  priceBond,
  priceYieldCurve,
  yearsTo,
  type BondQuote,
  type CurvePoint,
  type PricedBond,
} from './price-bond.ts';

/** A bond to analyse: its terms, quote and index values, and the position holding it (if any). */
export interface BondCase {
  readonly code: string;
  readonly name: string;
  readonly terms: BondTerms;
  readonly quote: BondQuote;
  readonly quoteSource: BondFigures['quoteSource'];
  readonly indexRate: number | null;
  readonly indexRatio: number | null;
  /** Calendar of the coupon payment dates (read once per run, users' edits included). */
  readonly calendar: BusinessCalendar;
  /** Discount bills: the yield basis of the run's inputs (default compound, decision 0057). */
  readonly discountYieldBasis?: DiscountYieldBasis | undefined;
  readonly currency: string;
  readonly position: { portfolioCode: string; nominal: number | null; valueTry: number } | null;
}

/** The pricer's default convention: the Hazine formula for TRY bonds, ISMA for foreign-currency ones. */
export function defaultConvention(currency: string): BondYieldConvention {
  return currency === 'TRY' ? 'tr-treasury' : 'isma';
}

/** Position-independent pricing of one bond, shared by every portfolio holding it in a run. */
interface BondPricing {
  readonly priced: PricedBond;
  readonly figures: Omit<
    BondFigures,
    'portfolioCode' | 'nominal' | 'valueTry' | 'dv01Try' | 'name' | 'quoteSource'
  >;
}

/** A run's memo of bond pricings: the same bond, quote and date is priced once (issue 13 speed). */
export type PricingMemo = Map<string, BondPricing>;

/** The pricing of a bond case on a settlement date, from the memo or priced and remembered. */
export function pricingOf(
  c: BondCase,
  settlement: string,
  convention: BondYieldConvention,
  curve: readonly CurvePoint[],
  memo: PricingMemo,
): BondPricing {
  const key = JSON.stringify([
    c.code,
    settlement,
    c.quote,
    convention,
    c.indexRate,
    c.indexRatio,
    c.terms,
    c.discountYieldBasis,
  ]);
  const hit = memo.get(key);
  if (hit) return hit;
  const priced = priceBond(c.code, c.terms, settlement, c.quote, {
    convention,
    indexRate: c.indexRate,
    indexRatio: c.indexRatio,
    calendar: c.calendar,
    discountYieldBasis: c.discountYieldBasis,
  });
  const simple = c.terms.couponType === 'discount' && c.discountYieldBasis === 'simple';
  const a = priced.analytics;
  const yieldPct = a.yield * 100;
  // A floater's rate risk is its value at the next reset (decision 0057): one flow there.
  const krdFlows =
    priced.floater === null
      ? priced.cashflows
      : [
          {
            date: priced.floater.nextResetDate,
            amount:
              priced.dirtyPrice *
              (1 + a.yield) ** yearsTo(settlement, priced.floater.nextResetDate),
          },
        ];
  const krd = keyRateDurations(settlement, krdFlows, priced.dirtyPrice, curve);
  const ratio = priced.dirtyPrice / a.dirtyPrice;
  const compounding = convention === 'isma' ? Math.max(1, c.terms.couponFrequency) : 1;
  const pricing: BondPricing = {
    priced,
    figures: {
      instrumentCode: c.code,
      couponType: c.terms.couponType,
      convention,
      settlementDate: settlement,
      maturityDate: c.terms.maturityDate,
      yieldPct,
      cleanPrice: priced.cleanPrice,
      dirtyPrice: priced.dirtyPrice,
      accruedInterest: priced.accruedInterest,
      macaulayDuration: a.macaulayDuration,
      modifiedDuration: a.modifiedDuration,
      convexity: a.convexity,
      dv01: a.dv01 * ratio,
      spreadDuration: priced.floater?.spreadDuration ?? null,
      nextResetDate: priced.floater?.nextResetDate ?? null,
      discountYieldBasis:
        c.terms.couponType === 'discount' ? (c.discountYieldBasis ?? 'compound') : null,
      indexRatio: c.terms.couponType === 'cpiLinked' ? c.indexRatio : null,
      indexRatePct:
        c.terms.couponType === 'floating' && c.indexRate !== null ? c.indexRate * 100 : null,
      // Each flow discounted at its own time under the convention, as the price is: the present
      // values add up to the dirty price (ISMA: (w + k)/f on the unadjusted schedule, not the
      // holiday-shifted payment date on ACT/365).
      cashflows: priced.cashflows.map((f) => ({
        date: f.date,
        amount: f.amount,
        years: f.time,
        presentValue: simple
          ? f.amount / (1 + a.yield * f.time)
          : f.amount * (1 + a.yield / compounding) ** (-compounding * f.time),
      })),
      priceYield: priceYieldCurve(priced, yieldPct),
      keyRateDurations: krd.durations,
      curveSpreadBp: krd.spreadBp,
    },
  };
  memo.set(key, pricing);
  return pricing;
}

/** One bond's figures: its pricing plus the position's value and DV01 in TRY (if held). */
export function analyseBond(
  c: BondCase,
  settlement: string,
  convention: BondYieldConvention,
  curve: readonly CurvePoint[],
  memo: PricingMemo = new Map(),
): BondFigures {
  const { figures } = pricingOf(c, settlement, convention, curve, memo);
  return {
    ...figures,
    name: c.name,
    quoteSource: c.quoteSource,
    portfolioCode: c.position?.portfolioCode ?? null,
    nominal: c.position?.nominal ?? null,
    valueTry: c.position?.valueTry ?? null,
    dv01Try: c.position ? figures.modifiedDuration * c.position.valueTry * 0.0001 : null,
  };
}
