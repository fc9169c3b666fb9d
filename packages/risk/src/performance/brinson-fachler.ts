/** A segment (sector, region, asset class) of portfolio and benchmark for one period. */
export interface AttributionSegment {
  readonly name: string;
  readonly portfolioWeight: number;
  readonly benchmarkWeight: number;
  readonly portfolioReturn: number;
  readonly benchmarkReturn: number;
}

export interface SegmentEffects {
  readonly name: string;
  readonly allocation: number;
  readonly selection: number;
  readonly interaction: number;
  readonly total: number;
}

export interface BrinsonFachlerResult {
  readonly portfolioReturn: number;
  readonly benchmarkReturn: number;
  /** portfolioReturn − benchmarkReturn = Σ allocation + selection + interaction. */
  readonly activeReturn: number;
  readonly segments: SegmentEffects[];
  readonly allocation: number;
  readonly selection: number;
  readonly interaction: number;
}

/**
 * Brinson-Fachler single-period arithmetic attribution (Brinson & Fachler, "Measuring non-US
 * equity portfolio performance", JPM 1985; Bacon 2008 ch. 5):
 * allocation_i = (w_i − W_i)(B_i − B), selection_i = W_i (R_i − B_i),
 * interaction_i = (w_i − W_i)(R_i − B_i), with w/W portfolio/benchmark weights, R_i/B_i segment
 * returns and B = Σ W_i B_i. The effects sum to R − B exactly when Σ w_i = Σ W_i = 1.
 */
export function brinsonFachler(segments: readonly AttributionSegment[]): BrinsonFachlerResult {
  const portfolioReturn = segments.reduce((s, x) => s + x.portfolioWeight * x.portfolioReturn, 0);
  const benchmarkReturn = segments.reduce((s, x) => s + x.benchmarkWeight * x.benchmarkReturn, 0);
  const effects = segments.map((x) => {
    const activeWeight = x.portfolioWeight - x.benchmarkWeight;
    const allocation = activeWeight * (x.benchmarkReturn - benchmarkReturn);
    const selection = x.benchmarkWeight * (x.portfolioReturn - x.benchmarkReturn);
    const interaction = activeWeight * (x.portfolioReturn - x.benchmarkReturn);
    return {
      name: x.name,
      allocation,
      selection,
      interaction,
      total: allocation + selection + interaction,
    };
  });
  const sum = (key: 'allocation' | 'selection' | 'interaction'): number =>
    effects.reduce((s, e) => s + e[key], 0);
  return {
    portfolioReturn,
    benchmarkReturn,
    activeReturn: portfolioReturn - benchmarkReturn,
    segments: effects,
    allocation: sum('allocation'),
    selection: sum('selection'),
    interaction: sum('interaction'),
  };
}
