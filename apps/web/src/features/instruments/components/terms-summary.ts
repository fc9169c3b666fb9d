import {
  COUPON_TYPE_LABELS,
  EXERCISE_STYLE_LABELS,
  FUND_CATEGORY_LABELS,
  OPTION_TYPE_LABELS,
  TEFAS_FUND_TYPE_LABELS,
  matchesFolded,
  type Instrument,
} from '@fonrisk/contracts';
import { formatNumber } from '../../../lib/format.ts';
import { INSTRUMENT_MESSAGES as M } from '../messages.ts';

/** Up to four decimals without trailing zeros: 9000 -> "9.000", 34.25 -> "34,25". */
function formatTerm(value: number): string {
  return formatNumber(value, 4).replace(/,?0+$/, '');
}

/** One line on the type-specific terms, for the list ("Sabit Faizli %25,50 · Yılda 2"). */
export function termsSummary(instrument: Instrument): string {
  const t = instrument.terms;
  switch (t.kind) {
    case 'bond':
      return t.couponType === 'discount'
        ? COUPON_TYPE_LABELS.discount
        : `${COUPON_TYPE_LABELS[t.couponType]} %${formatNumber(t.couponRatePct)} · ${M.frequencyLabel(t.couponFrequency)}${t.referenceIndex ? ` · ${t.referenceIndex}` : ''}`;
    case 'option':
      return `${t.underlying} · ${OPTION_TYPE_LABELS[t.optionType]} · ${formatTerm(t.strike)} · ${EXERCISE_STYLE_LABELS[t.exerciseStyle]}`;
    case 'future':
      return `${t.underlying} · ${M.contractSize} ${formatTerm(t.contractSize)}`;
    case 'fund':
      return [
        t.fundCode,
        t.fundCategory ? FUND_CATEGORY_LABELS[t.fundCategory] : null,
        t.tefasFundType ? TEFAS_FUND_TYPE_LABELS[t.tefasFundType] : null,
      ]
        .filter((p) => p !== null)
        .join(' · ');
    case 'none':
      return M.none;
  }
}

/** The maturity or expiry date, where the instrument has one. */
export function maturityOf(instrument: Instrument): string | null {
  const t = instrument.terms;
  if (t.kind === 'bond') return t.maturityDate;
  if (t.kind === 'option' || t.kind === 'future') return t.expiryDate;
  return null;
}

/** Case- and Turkish-diacritic-aware match on code, name or ISIN (`matchesFolded`). */
export function matchesSearch(instrument: Instrument, query: string): boolean {
  return matchesFolded(query, [instrument.code, instrument.name, instrument.isinCode ?? '']);
}
