// A composite benchmark's index on the fund's valuation dates.
import type { AttributionAssetClass } from '@fonrisk/contracts';
import {
  compositePath,
  compositeStartHoldings,
  type CompositePath,
  type Rebalancing,
} from '@fonrisk/risk';

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

export type { Rebalancing };
export type BenchmarkPath = CompositePath;

/**
 * The composite index on `dates` by packages/risk's one composite rule (compositePath, also
 * behind the benchmark screens and the risk value): 100 on the first date, forward-filled
 * component values, holdings drifting between rebalancing dates.
 */
export function benchmarkPath(
  components: readonly BenchmarkComponentSeries[],
  dates: readonly string[],
  rebalancing: Rebalancing,
): BenchmarkPath | { missing: { ticker: string; date: string } } {
  const path = compositePath(components, dates, rebalancing);
  if ('missing' in path)
    return {
      missing: { ticker: components[path.missing.component]!.ticker, date: path.missing.date },
    };
  return path;
}

/** Start-of-period holdings at dates[t] (after the rebalancing at its close, if any). */
export const startHoldings = compositeStartHoldings;

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
