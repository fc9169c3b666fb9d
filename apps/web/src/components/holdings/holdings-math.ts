import { INSTRUMENT_MAIN_TYPE_LABELS, type HoldingView } from '@fonrisk/contracts';
import { HOLDINGS_MESSAGES } from './messages.ts';

/** Amount columns that add up in the totals row (the same set the API's Excel export sums). */
export const SUMMED_KEYS = [
  'currentValue',
  'weightPct',
  'dailyValue',
  'UsdValueOfCurrentValue',
  'NetReturnAmount',
] as const;
export type SummedKey = (typeof SUMMED_KEYS)[number];

export type HoldingsTotals = Readonly<Record<SummedKey, number | null>> & {
  readonly count: number;
};

/**
 * The pinned totals row: the sum of each amount column over the rows that carry it (`null` when
 * no row carries the column, so an absent column is not shown as 0), and the row count.
 */
export function holdingsTotals(rows: readonly HoldingView[]): HoldingsTotals {
  const sums: Record<SummedKey, number | null> = {
    currentValue: null,
    weightPct: null,
    dailyValue: null,
    UsdValueOfCurrentValue: null,
    NetReturnAmount: null,
  };
  for (const row of rows) {
    for (const key of SUMMED_KEYS) {
      const value = row[key];
      if (typeof value === 'number' && Number.isFinite(value)) sums[key] = (sums[key] ?? 0) + value;
    }
  }
  return { ...sums, count: rows.length };
}

/** Weight of NAV in percent; NAV 0 (an empty or fully offset portfolio) gives 0 rather than ±∞. */
export function weightOfNav(value: number, nav: number): number {
  return nav === 0 ? 0 : (value / nav) * 100;
}

export const GroupBy = { Type: 'type', Issuer: 'issuer', Currency: 'currency' } as const;
export type GroupBy = (typeof GroupBy)[keyof typeof GroupBy];

export interface GroupSummaryRow {
  readonly group: string;
  readonly value: number;
  readonly weightPct: number;
  readonly count: number;
}

function groupLabel(row: HoldingView, by: GroupBy): string {
  switch (by) {
    case 'type': {
      const type = row.investmentInstrumentMainType;
      return type ? INSTRUMENT_MAIN_TYPE_LABELS[type] : HOLDINGS_MESSAGES.unspecified;
    }
    case 'issuer':
      return row.issuerGroup ?? row.issuer ?? HOLDINGS_MESSAGES.unspecified;
    case 'currency':
      return row.currency ?? HOLDINGS_MESSAGES.unspecified;
  }
}

/**
 * AG Grid Community has no row grouping, so the group view is this summary: per main type,
 * issuer group (the issuer when the instrument has no group) or currency, the summed current
 * value, its weight of `nav` and the number of holdings, largest value first.
 */
export function groupSummary(
  rows: readonly HoldingView[],
  by: GroupBy,
  nav: number,
): GroupSummaryRow[] {
  const groups = new Map<string, { value: number; count: number }>();
  for (const row of rows) {
    const group = groupLabel(row, by);
    const entry = groups.get(group) ?? { value: 0, count: 0 };
    entry.value += row.currentValue;
    entry.count += 1;
    groups.set(group, entry);
  }
  return [...groups.entries()]
    .map(([group, { value, count }]) => ({
      group,
      value,
      weightPct: weightOfNav(value, nav),
      count,
    }))
    .sort((a, b) => b.value - a.value || a.group.localeCompare(b.group, 'tr'));
}
