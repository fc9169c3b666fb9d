import {
  fixedBondFromCleanPrice,
  fixedBondFromYield,
  type BondAnalytics,
  type FixedBondSpec,
} from '@fonrisk/risk';
import type { BondCashflows, BondTerms, Cashflow } from '@fonrisk/contracts';
import { BondCalculationError } from './instruments.errors.ts';

/** The stored quote of a bond's mapped series on or before settlement. */
export type BondQuote =
  | { readonly kind: 'price'; readonly value: number }
  | { readonly kind: 'yield'; readonly valuePct: number }
  | null;

const DAY_COUNTS: Readonly<Record<BondTerms['dayCount'], FixedBondSpec['dayCount'] | null>> = {
  'ACT/365': 'act365f',
  'ACT/ACT': 'actact-isma',
  '30/360': '30-360',
  'ACT/360': null,
};

/**
 * A bond's remaining cash flows per 100 nominal and, with a quote, its price, yield and
 * durations (ISMA convention at the coupon frequency). Discount bills are zero-coupon bonds
 * with annual compounding. Floating and CPI-linked bonds are projected at the current period's
 * coupon (`couponRatePct`), flat to maturity: an approximation until the curve-based projection
 * of the risk library is wired in.
 */
export function bondCashflows(
  terms: BondTerms,
  settlement: string,
  quote: BondQuote,
): BondCashflows {
  const dayCount = DAY_COUNTS[terms.dayCount];
  if (!dayCount) {
    throw new BondCalculationError(
      `${terms.dayCount} gün sayım yöntemi için hesaplama desteklenmiyor.`,
    );
  }
  if (settlement >= terms.maturityDate) {
    throw new BondCalculationError('Valör tarihi vade tarihinden önce olmalı.', [
      { field: 'settlement', message: 'vade tarihinden önce olmalı' },
    ]);
  }
  const discount = terms.couponType === 'discount';
  const spec: FixedBondSpec = {
    settlement,
    maturity: terms.maturityDate,
    issue: terms.issueDate <= settlement ? terms.issueDate : undefined,
    coupon: discount ? 0 : terms.couponRatePct / 100,
    frequency: discount ? 1 : terms.couponFrequency,
    dayCount,
  };
  let analytics: BondAnalytics;
  try {
    analytics =
      quote?.kind === 'price'
        ? fixedBondFromCleanPrice(spec, quote.value)
        : fixedBondFromYield(spec, quote?.kind === 'yield' ? quote.valuePct / 100 : spec.coupon);
  } catch (error) {
    throw new BondCalculationError(
      `Tahvil hesaplanamadı: ${error instanceof Error ? error.message : String(error)}.`,
    );
  }
  const cashflows: Cashflow[] = [];
  analytics.cashflows.forEach((flow, i) => {
    const last = i === analytics.cashflows.length - 1;
    const coupon = last ? flow.amount - 100 : flow.amount;
    if (coupon > 1e-12) cashflows.push({ date: flow.date, amount: coupon, kind: 'coupon' });
    if (last) cashflows.push({ date: flow.date, amount: 100, kind: 'principal' });
  });
  const priced = quote !== null;
  return {
    settlement,
    cleanPrice: priced ? analytics.cleanPrice : null,
    yield: priced ? analytics.yield * 100 : null,
    accruedInterest: analytics.accruedInterest,
    macaulayDuration: priced ? analytics.macaulayDuration : null,
    modifiedDuration: priced ? analytics.modifiedDuration : null,
    cashflows,
  };
}
