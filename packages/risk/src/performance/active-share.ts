import { InvalidInputError } from '../errors.ts';

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

/**
 * Weights (fractions summing to 1) from values per id (TRY or any unit); repeated ids are summed.
 * A fund's cash and other lines outside the benchmark keep their weight, so they count as active.
 * Negative values (short positions, overdrafts) stay negative weights.
 * @throws InvalidInputError when the values are not finite or do not sum to a positive total.
 */
export function weightsFromValues(
  values: readonly { readonly id: string; readonly value: number }[],
  side: string,
): HoldingWeight[] {
  let total = 0;
  for (const v of values) {
    if (!Number.isFinite(v.value))
      throw new InvalidInputError(`${side}: ${v.id} value is not finite`);
    total += v.value;
  }
  if (!(total > 0))
    throw new InvalidInputError(`${side}: total value must be positive, got ${total}`);
  return values.map((v) => ({ id: v.id, weight: v.value / total }));
}

/**
 * Active weights summed per group (sector, asset class...): over and underweights of each group,
 * largest absolute active weight first. Half the sum of their absolute values is the group-level
 * active share, never above the security-level one (triangle inequality).
 */
export function activeWeightsBy(
  weights: readonly ActiveWeight[],
  groupOf: (id: string) => string,
): ActiveWeight[] {
  const groups = new Map<string, { fund: number; benchmark: number }>();
  for (const w of weights) {
    const g = groupOf(w.id);
    const acc = groups.get(g) ?? { fund: 0, benchmark: 0 };
    acc.fund += w.fundWeight;
    acc.benchmark += w.benchmarkWeight;
    groups.set(g, acc);
  }
  return [...groups]
    .map(([id, v]) => ({
      id,
      fundWeight: v.fund,
      benchmarkWeight: v.benchmark,
      activeWeight: v.fund - v.benchmark,
    }))
    .sort(
      (a, b) => Math.abs(b.activeWeight) - Math.abs(a.activeWeight) || a.id.localeCompare(b.id),
    );
}
