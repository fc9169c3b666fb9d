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

/** The rebalancing period a date falls in (month, quarter, year; the day itself for 'daily'). */
export function rebalancingPeriod(date: string, rebalancing: Rebalancing): string {
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

/** A composite benchmark on a list of dates: index level, drifting holdings and component levels. */
export interface CompositePath {
  readonly dates: readonly string[];
  /** Index level on each date, 100 on the first. */
  readonly index: Float64Array;
  /** holdings[t][k]: value of component k at the close of dates[t], before any rebalancing. */
  readonly holdings: readonly Float64Array[];
  /** levels[k][t]: component k's value used on dates[t] (its last known value on or before it). */
  readonly levels: readonly Float64Array[];
}

/**
 * The one rule of composite benchmarks (benchmark screens, risk value, performance reports): at
 * the start and at the close of the last date of each rebalancing period the holdings are reset
 * to the target weights; in between each component's holding grows with its own return, so the
 * weights drift. A component without a value on a date keeps its last known value (a holiday of
 * its market).
 * @returns the path, or the first component and date that has no value on or before the date.
 */
export function compositePath(
  components: readonly ComponentSeries[],
  dates: readonly string[],
  rebalancing: Rebalancing,
): CompositePath | { missing: { component: number; date: string } } {
  const levels = components.map(() => new Float64Array(dates.length));
  for (const [k, c] of components.entries()) {
    const known = [...c.values.keys()].sort();
    let j = -1;
    for (let t = 0; t < dates.length; t++) {
      while (j + 1 < known.length && known[j + 1]! <= dates[t]!) j++;
      if (j < 0) return { missing: { component: k, date: dates[t]! } };
      levels[k]![t] = c.values.get(known[j]!)!;
    }
  }
  const total = components.reduce((s, c) => s + c.weightPct, 0);
  const target = components.map((c) => c.weightPct / total);
  const index = new Float64Array(dates.length);
  const holdings: Float64Array[] = [];
  if (dates.length === 0) return { dates, index, holdings, levels };
  let h = Float64Array.from(target, (w) => w * 100);
  index[0] = 100;
  holdings.push(Float64Array.from(h));
  for (let t = 1; t < dates.length; t++) {
    h = Float64Array.from(h, (x, k) => (x * levels[k]![t]!) / levels[k]![t - 1]!);
    const value = h.reduce((s, x) => s + x, 0);
    index[t] = value;
    holdings.push(Float64Array.from(h));
    const next = dates[t + 1];
    if (
      next !== undefined &&
      rebalancingPeriod(next, rebalancing) !== rebalancingPeriod(dates[t]!, rebalancing)
    )
      h = Float64Array.from(target, (w) => w * value);
  }
  return { dates, index, holdings, levels };
}

/**
 * Start-of-period holdings at dates[t] of a path: the target weights times the index when the
 * path rebalances at t (its first date, or the close of a period), else the drifted holdings.
 */
export function compositeStartHoldings(
  path: CompositePath,
  components: readonly ComponentSeries[],
  t: number,
  rebalancing: Rebalancing,
): Float64Array {
  const next = path.dates[t + 1];
  if (
    t === 0 ||
    (next !== undefined &&
      rebalancingPeriod(next, rebalancing) !== rebalancingPeriod(path.dates[t]!, rebalancing))
  ) {
    const total = components.reduce((s, c) => s + c.weightPct, 0);
    return Float64Array.from(components, (c) => (c.weightPct / total) * path.index[t]!);
  }
  return path.holdings[t]!;
}

/**
 * Daily returns and index (100 on the first date) of a composite benchmark on the dates on which
 * every component has a value, by the rule of compositePath.
 */
export function compositeReturns(
  components: readonly ComponentSeries[],
  rebalancing: Rebalancing,
): CompositeReturnPoint[] {
  if (components.length === 0) return [];
  const dates = [...components[0]!.values.keys()]
    .filter((d) => components.every((c) => c.values.has(d)))
    .sort();
  const path = compositePath(components, dates, rebalancing);
  if ('missing' in path) return [];
  return dates.map((date, t) => ({
    date,
    return: t === 0 ? 0 : path.index[t]! / path.index[t - 1]! - 1,
    index: path.index[t]!,
  }));
}
