// A composite benchmark's index on the fund's valuation dates.
import type { AttributionAssetClass } from '@fonrisk/contracts';

export interface BenchmarkComponentSeries {
  readonly ticker: string;
  readonly name: string;
  readonly seriesKind: string;
  /** Weight in percent. */
  readonly weightPct: number;
  /** The asset class the component stands for (attribution). */
  readonly assetClass: AttributionAssetClass;
  /** Values by ISO date. */
  readonly values: ReadonlyMap<string, number>;
}

export type Rebalancing = 'daily' | 'monthly' | 'quarterly' | 'annual';

function periodOf(date: string, rebalancing: Rebalancing): string {
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

/** Component holdings (drifting between rebalancing dates) and the index on each date. */
export interface BenchmarkPath {
  readonly dates: readonly string[];
  readonly index: Float64Array;
  /** holdings[t][k]: value of component k at the close of dates[t], before any rebalancing. */
  readonly holdings: readonly Float64Array[];
  /** component values (forward-filled) on each date. */
  readonly levels: readonly Float64Array[];
}

/**
 * The composite index on `dates` (100 on the first): each component's last known value on or before
 * the date is used (a holiday of one market keeps its value); at the start and at the close of the
 * last date of each rebalancing period the holdings are reset to the target weights, in between
 * they drift with their own returns (the same rule as the benchmark screens).
 * @returns null for a date before some component's first value.
 */
export function benchmarkPath(
  components: readonly BenchmarkComponentSeries[],
  dates: readonly string[],
  rebalancing: Rebalancing,
): BenchmarkPath | { missing: { ticker: string; date: string } } {
  const levels = components.map(() => new Float64Array(dates.length));
  for (const [k, c] of components.entries()) {
    const known = [...c.values.keys()].sort();
    let j = -1;
    for (let t = 0; t < dates.length; t++) {
      while (j + 1 < known.length && known[j + 1]! <= dates[t]!) j++;
      if (j < 0) return { missing: { ticker: c.ticker, date: dates[t]! } };
      levels[k]![t] = c.values.get(known[j]!)!;
    }
  }
  const total = components.reduce((s, c) => s + c.weightPct, 0);
  const target = components.map((c) => c.weightPct / total);
  const index = new Float64Array(dates.length);
  const holdings: Float64Array[] = [];
  let h = Float64Array.from(target, (w) => w * 100);
  index[0] = 100;
  holdings.push(Float64Array.from(h));
  for (let t = 1; t < dates.length; t++) {
    h = Float64Array.from(h, (x, k) => (x * levels[k]![t]!) / levels[k]![t - 1]!);
    const value = h.reduce((s, x) => s + x, 0);
    index[t] = value;
    holdings.push(Float64Array.from(h));
    const next = dates[t + 1];
    if (next !== undefined && periodOf(next, rebalancing) !== periodOf(dates[t]!, rebalancing))
      h = Float64Array.from(target, (w) => w * value);
  }
  // holdings[t] is before rebalancing; the start weights of period t+1 need the rebalanced values.
  return { dates, index, holdings, levels };
}

/** Start-of-period holdings at dates[t] (after the rebalancing at its close, if any). */
export function startHoldings(
  path: BenchmarkPath,
  components: readonly BenchmarkComponentSeries[],
  t: number,
  rebalancing: Rebalancing,
): Float64Array {
  const next = path.dates[t + 1];
  const h = path.holdings[t]!;
  if (
    t === 0 ||
    (next !== undefined && periodOf(next, rebalancing) !== periodOf(path.dates[t]!, rebalancing))
  ) {
    const total = components.reduce((s, c) => s + c.weightPct, 0);
    return Float64Array.from(components, (c) => (c.weightPct / total) * path.index[t]!);
  }
  return h;
}

const KEYWORDS: readonly [RegExp, AttributionAssetClass][] = [
  [/altın|altin|gümüş|gumus|xau|gau|kıymetli maden/i, 'preciousMetal'],
  [/para piyasası|para piyasasi|repo|mevduat|tlref|ppendeks|katılım hesab/i, 'moneyMarket'],
  [/dibs|tahvil|bono|borçlanma|borclanma|sukuk|kira sertifika|eurobond/i, 'debt'],
  [/bist|hisse|pay endeks|xu\d|katılım 30|katilim 30|xk/i, 'equity'],
  [/dolar|euro|usd|eur|gbp|döviz|doviz/i, 'fx'],
  [/fon/i, 'fund'],
];

/**
 * The asset class of a benchmark component: the most frequent class of the instruments mapped to
 * its series when there are any, else from the series kind (FX rates) or the words of its
 * ticker and name (BIST, DİBS, Para Piyasası, Altın...), else 'other'.
 */
export function componentAssetClass(
  ticker: string,
  name: string,
  seriesKind: string,
  mappedClasses: readonly AttributionAssetClass[],
): AttributionAssetClass {
  if (mappedClasses.length > 0) {
    const counts = new Map<AttributionAssetClass, number>();
    for (const c of mappedClasses) counts.set(c, (counts.get(c) ?? 0) + 1);
    return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
  }
  if (seriesKind === 'fxRate') return 'fx';
  if (seriesKind === 'curvePoint') return 'debt';
  const text = `${ticker} ${name}`;
  for (const [re, cls] of KEYWORDS) if (re.test(text)) return cls;
  return 'other';
}
