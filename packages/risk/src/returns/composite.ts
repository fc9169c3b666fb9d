/** When a composite's holdings are reset to the target weights. */
export type Rebalancing = 'daily' | 'monthly' | 'quarterly' | 'annual';

/** One date of a composite index: the day's simple return and the index level (100 at the start). */
export interface CompositeReturnPoint {
  readonly date: string;
  readonly return: number;
  readonly index: number;
}

export interface ComponentSeries {
  /** Weight in percent. */
  readonly weightPct: number;
  /** Values by ISO date. */
  readonly values: ReadonlyMap<string, number>;
}

function period(date: string, rebalancing: Rebalancing): string {
  switch (rebalancing) {
    case 'daily':
      return date;
    case 'monthly':
      return date.slice(0, 7);
    case 'quarterly':
      return `${date.slice(0, 4)}Q${Math.floor((Number(date.slice(5, 7)) - 1) / 3)}`;
    case 'annual':
      return date.slice(0, 4);
  }
}

/**
 * Daily returns and index (100 on the first date) of a composite benchmark. Dates are those on
 * which every component has a value. At the start and at the first date of each new period
 * (month, quarter, year; every day for 'daily') the holdings are reset to the target weights;
 * in between each component's holding grows with its own return, so weights drift.
 */
export function compositeReturns(
  components: readonly ComponentSeries[],
  rebalancing: Rebalancing,
): CompositeReturnPoint[] {
  if (components.length === 0) return [];
  const dates = [...components[0]!.values.keys()]
    .filter((d) => components.every((c) => c.values.has(d)))
    .sort();
  if (dates.length === 0) return [];
  const total = components.reduce((s, c) => s + c.weightPct, 0);
  const target = components.map((c) => c.weightPct / total);
  let holdings = target.map((w) => w * 100);
  const out: CompositeReturnPoint[] = [{ date: dates[0]!, return: 0, index: 100 }];
  for (let t = 1; t < dates.length; t++) {
    const prev = dates[t - 1]!;
    const date = dates[t]!;
    const before = holdings.reduce((s, h) => s + h, 0);
    holdings = holdings.map(
      (h, i) => h * (components[i]!.values.get(date)! / components[i]!.values.get(prev)!),
    );
    const index = holdings.reduce((s, h) => s + h, 0);
    out.push({ date, return: index / before - 1, index });
    const next = dates[t + 1];
    // Rebalance at the close of the last day of a period, so the new period starts at target.
    if (next !== undefined && period(next, rebalancing) !== period(date, rebalancing)) {
      holdings = target.map((w) => w * index);
    }
  }
  return out;
}
