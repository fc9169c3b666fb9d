/** A holding weight: fraction of the portfolio (or benchmark) value. */
export interface HoldingWeight {
  readonly id: string;
  readonly weight: number;
}

export interface ActiveWeight {
  readonly id: string;
  readonly fundWeight: number;
  readonly benchmarkWeight: number;
  /** fundWeight − benchmarkWeight: positive = overweight. */
  readonly activeWeight: number;
}

export interface ActiveShareResult {
  /** ½ Σ |w_f − w_b| over the union of holdings; 0 … 1 for long-only portfolios. */
  readonly activeShare: number;
  /** Per security, largest absolute active weight first. */
  readonly weights: ActiveWeight[];
}

/**
 * Active share (Cremers & Petajisto, "How Active Is Your Fund Manager?", RFS 22, 2009):
 * AS = ½ Σ_i |w_fund,i − w_index,i| over the union of fund and benchmark holdings. Weights are
 * used as given (fractions of each side's value); repeated ids are summed.
 */
export function activeShare(
  fund: readonly HoldingWeight[],
  benchmark: readonly HoldingWeight[],
): ActiveShareResult {
  const table = new Map<string, { fund: number; benchmark: number }>();
  const add = (id: string, side: 'fund' | 'benchmark', w: number): void => {
    const row = table.get(id) ?? { fund: 0, benchmark: 0 };
    row[side] += w;
    table.set(id, row);
  };
  for (const h of fund) add(h.id, 'fund', h.weight);
  for (const h of benchmark) add(h.id, 'benchmark', h.weight);
  const weights = [...table.entries()]
    .map(([id, w]) => ({
      id,
      fundWeight: w.fund,
      benchmarkWeight: w.benchmark,
      activeWeight: w.fund - w.benchmark,
    }))
    .sort(
      (a, b) => Math.abs(b.activeWeight) - Math.abs(a.activeWeight) || a.id.localeCompare(b.id),
    );
  return { activeShare: weights.reduce((s, w) => s + Math.abs(w.activeWeight), 0) / 2, weights };
}
