import { FUND_CATEGORY_LABELS, PORTFOLIO_KIND_LABELS } from '@fonrisk/contracts';

/** The kinds a user creates (unified portfolios have their own screen). */
export const KIND_OPTIONS = (['fund', 'customer'] as const).map((value) => ({
  value,
  label: PORTFOLIO_KIND_LABELS[value],
}));

/** SPK fund categories, by their Turkish names. */
export const CATEGORY_OPTIONS = Object.entries(FUND_CATEGORY_LABELS).map(([value, label]) => ({
  value,
  label,
}));
