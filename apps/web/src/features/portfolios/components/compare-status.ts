import type { HoldingChangeStatus, HoldingComparisonRow } from '@fonrisk/contracts';
import { PORTFOLIO_MESSAGES } from '../messages.ts';

export const STATUS_LABELS: Readonly<Record<HoldingChangeStatus, string>> = {
  added: PORTFOLIO_MESSAGES.statusAdded,
  removed: PORTFOLIO_MESSAGES.statusRemoved,
  changed: PORTFOLIO_MESSAGES.statusChanged,
  unchanged: PORTFOLIO_MESSAGES.statusUnchanged,
};

/** Mantine colour of each status badge; unchanged rows stay plain. */
export const STATUS_COLORS: Readonly<Record<HoldingChangeStatus, string>> = {
  added: 'teal',
  removed: 'red',
  changed: 'yellow',
  unchanged: 'gray',
};

const ROW_BACKGROUNDS: Readonly<Record<HoldingChangeStatus, string | undefined>> = {
  added: '#e6fcf5',
  removed: '#fff5f5',
  changed: '#fff9db',
  unchanged: undefined,
};

/** The highlight of a comparison row: green added, red removed, yellow changed, none unchanged. */
export function compareRowStyle(status: HoldingChangeStatus): { background: string } | undefined {
  const background = ROW_BACKGROUNDS[status];
  return background === undefined ? undefined : { background };
}

const REVIEW_ORDER: Readonly<Record<HoldingChangeStatus, number>> = {
  added: 0,
  removed: 1,
  changed: 2,
  unchanged: 3,
};

/**
 * Rows in the order a reviewer reads them: added, removed, changed, then unchanged; inside a
 * status the largest absolute value change first.
 */
export function orderForReview(rows: readonly HoldingComparisonRow[]): HoldingComparisonRow[] {
  return [...rows].sort(
    (a, b) =>
      REVIEW_ORDER[a.status] - REVIEW_ORDER[b.status] ||
      Math.abs(b.valueChange) - Math.abs(a.valueChange) ||
      a.investmentInstrumentCode.localeCompare(b.investmentInstrumentCode, 'tr'),
  );
}

/** How many rows have each status. */
export function statusCounts(
  rows: readonly HoldingComparisonRow[],
): Record<HoldingChangeStatus, number> {
  const counts: Record<HoldingChangeStatus, number> = {
    added: 0,
    removed: 0,
    changed: 0,
    unchanged: 0,
  };
  for (const row of rows) counts[row.status] += 1;
  return counts;
}
