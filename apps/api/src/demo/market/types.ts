import type { DemoCorporateAction } from './corporate-actions.ts';
import type { FxRateRow, HoldingRow, Instrument, MarketSeriesKind } from '@fonrisk/contracts';

/** A generated daily series: `values[i]` belongs to `dates[i]` of the data set; NaN where it does not exist. */
export interface GeneratedSeries {
  readonly ticker: string;
  readonly name: string;
  readonly kind: MarketSeriesKind;
  readonly currency: string;
  readonly tenorDays: number | null;
  readonly values: Float64Array;
}

export interface DemoPortfolio {
  readonly code: string;
  readonly name: string;
  readonly kind: 'fund' | 'customer';
  readonly fundCategory: string | null;
  readonly referenceBenchmarkCode: string | null;
}

export interface DemoBenchmark {
  readonly code: string;
  readonly name: string;
  readonly rebalancing: 'monthly';
  /** Weights in percent summing to 100. */
  readonly components: readonly { readonly seriesTicker: string; readonly weightPct: number }[];
}

export interface DemoTickerMapping {
  readonly instrumentCode: string;
  readonly seriesTicker: string;
  readonly mappingKind: 'direct' | 'proxy';
  readonly note: string | null;
}

export interface DemoUnifiedPortfolio {
  readonly newPortfolioCode: string;
  readonly name: string;
  readonly members: readonly string[];
}

/** Everything the demo loads, as a pure function of (seed, end date). */
export interface DemoDataSet {
  readonly seed: number;
  readonly endDate: string;
  readonly dates: readonly string[];
  readonly instruments: readonly Instrument[];
  readonly series: readonly GeneratedSeries[];
  readonly fxRates: readonly FxRateRow[];
  readonly portfolios: readonly DemoPortfolio[];
  readonly holdings: readonly HoldingRow[];
  readonly benchmarks: readonly DemoBenchmark[];
  readonly tickerMappings: readonly DemoTickerMapping[];
  /** Splits, bonus issues and dividends of demo shares (corporate-actions.ts). */
  readonly corporateActions: readonly DemoCorporateAction[];
  readonly unifiedPortfolios: readonly DemoUnifiedPortfolio[];
}

export const DEMO_LABEL = 'Demo verisi';

/** A demo record's name with the label once: a name that already carries it is kept as it is. */
export function demoName(name: string): string {
  const label = `(${DEMO_LABEL})`;
  return name.endsWith(label) ? name : `${name} ${label}`;
}

/** What the generator knows but does not load: used by the consistency tests. */
export interface DemoInternals {
  /** NAV by `${portfolioCode}|${date}` (the sum of the snapshot's current values). */
  readonly navs: ReadonlyMap<string, number>;
  /** Quoted price of each holding row, in the order of `holdings`. */
  readonly rowPrices: readonly number[];
  /** Customer portfolios' deposits (+) and withdrawals (−), and fees paid, by portfolio code. */
  readonly customerFlows: ReadonlyMap<
    string,
    {
      readonly cashFlows: readonly { date: string; amount: number }[];
      readonly feePayments: readonly { date: string; amount: number }[];
    }
  >;
}
