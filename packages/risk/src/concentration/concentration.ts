import { InvalidInputError } from '../errors.ts';
import { rulesInForce } from './limit-rule.ts';

/** A holding for concentration analysis; a deposit's or participation account's issuer is its bank. */
export interface ConcentrationHolding {
  readonly id: string;
  /** Market value in TRY; derivative exposures on an issuer enter as their (netted) position. */
  readonly valueTry: number;
  readonly kind: 'security' | 'deposit' | 'derivative' | 'cash' | 'other';
  readonly issuer?: string | null | undefined;
  readonly issuerGroup?: string | null | undefined;
  readonly sector?: string | null | undefined;
  readonly assetClass: string;
  readonly currency: string;
}

export const CONCENTRATION_DIMENSIONS = [
  'issuer',
  'issuerGroup',
  'sector',
  'assetClass',
  'currency',
] as const;
export type ConcentrationDimension = (typeof CONCENTRATION_DIMENSIONS)[number];

export interface Weight {
  readonly key: string;
  readonly valueTry: number;
  /** valueTry / fund total value. */
  readonly weight: number;
}

/**
 * Value and weight (share of fund total value) per key of a dimension, largest first; holdings
 * without a key (e.g. cash has no issuer) are left out.
 * @throws InvalidInputError for a non-positive fund total value.
 */
export function weightsBy(
  holdings: readonly ConcentrationHolding[],
  dimension: ConcentrationDimension,
  fundTotalValue: number,
  include: (h: ConcentrationHolding) => boolean = () => true,
): Weight[] {
  if (!(fundTotalValue > 0))
    throw new InvalidInputError(`fundTotalValue must be positive, got ${fundTotalValue}`);
  const sums = new Map<string, number>();
  for (const h of holdings) {
    const key = h[dimension];
    if (key === null || key === undefined || key === '' || !include(h)) continue;
    sums.set(key, (sums.get(key) ?? 0) + h.valueTry);
  }
  return [...sums.entries()]
    .map(([key, valueTry]) => ({ key, valueTry, weight: valueTry / fundTotalValue }))
    .sort((a, b) => b.valueTry - a.valueTry || a.key.localeCompare(b.key));
}

/**
 * Value and weight per key of any grouping (country, counterparty...), largest first; entries
 * with a null or empty key are left out.
 * @throws InvalidInputError for a non-positive fund total value.
 */
export function groupWeights(
  entries: readonly { readonly key: string | null; readonly valueTry: number }[],
  fundTotalValue: number,
): Weight[] {
  if (!(fundTotalValue > 0))
    throw new InvalidInputError(`fundTotalValue must be positive, got ${fundTotalValue}`);
  const sums = new Map<string, number>();
  for (const e of entries) {
    if (e.key === null || e.key === '') continue;
    sums.set(e.key, (sums.get(e.key) ?? 0) + e.valueTry);
  }
  return [...sums.entries()]
    .map(([key, valueTry]) => ({ key, valueTry, weight: valueTry / fundTotalValue }))
    .sort((a, b) => b.valueTry - a.valueTry || a.key.localeCompare(b.key));
}

export interface HerfindahlIndex {
  /** Σ s_i² with shares s_i = |v_i| / Σ|v| (decimal, 1/N … 1). */
  readonly hhi: number;
  /** The same on percentage shares, 0 … 10 000. */
  readonly hhiPoints: number;
  /** 1 / hhi: the number of equal positions with the same concentration. */
  readonly effectiveN: number;
}

/**
 * Herfindahl-Hirschman index of the weights, renormalised to shares of their absolute total, and
 * the effective number of positions 1/HHI. Returns null for no (or only zero) weights, where the
 * index is undefined. Source: regulation-and-methods.md §4.3; US DoJ/FTC Merger Guidelines (points).
 */
export function herfindahl(weights: readonly Weight[]): HerfindahlIndex | null {
  const total = weights.reduce((s, w) => s + Math.abs(w.valueTry), 0);
  if (total === 0) return null;
  const hhi = weights.reduce((s, w) => s + (w.valueTry / total) ** 2, 0);
  return { hhi, hhiPoints: hhi * 10_000, effectiveN: 1 / hhi };
}

/** The n largest weights. */
export function topN(weights: readonly Weight[], n: number): Weight[] {
  return weights.slice(0, Math.max(0, n));
}

/**
 * A concentration limit as data (all limits are settings with effective dates):
 * - `max-per-key`: every key of the dimension ≤ limit (e.g. single issuer 10 %);
 * - `max-key`: one named key ≤ limit (e.g. asset class "yabanci" ≤ 20 %);
 * - `large-exposures`: keys above `threshold` together ≤ limit (the 5/10/40 rule).
 * `excludeDeposits` drops deposits/participation accounts (para piyasası fonları, Rehber §4.9).
 */
export type ConcentrationRule = {
  readonly id: string;
  readonly limit: number;
  readonly effectiveFrom: string;
  readonly effectiveTo?: string | undefined;
  readonly source: string;
  readonly excludeDeposits?: boolean | undefined;
} & (
  | { readonly kind: 'max-per-key'; readonly dimension: ConcentrationDimension }
  | { readonly kind: 'max-key'; readonly dimension: ConcentrationDimension; readonly key: string }
  | {
      readonly kind: 'large-exposures';
      readonly dimension: ConcentrationDimension;
      readonly threshold: number;
    }
);

/**
 * Default SPK limits. Confirmed [P]: single issuer 10 % with deposits counted toward the bank
 * (Tebliğ III-52.1 m.17/1-a quoted in Rehber §4.1, §4.1.4). From secondary sources [S], to be
 * verified against the Tebliğ and therefore only defaults: 5/10/40 and group companies 20 %.
 * Effective from the Tebliğ's publication (RG 09.07.2013).
 */
export const SPK_CONCENTRATION_RULES: readonly ConcentrationRule[] = [
  {
    id: 'spk-tek-ihracci',
    kind: 'max-per-key',
    dimension: 'issuer',
    limit: 0.1,
    effectiveFrom: '2013-07-09',
    source: 'Tebliğ III-52.1 m.17/1-a; Rehber §4.1, §4.1.4',
  },
  {
    id: 'spk-5-10-40',
    kind: 'large-exposures',
    dimension: 'issuer',
    threshold: 0.05,
    limit: 0.4,
    effectiveFrom: '2013-07-09',
    source: 'Tebliğ III-52.1 m.17 [ikincil kaynak]',
  },
  {
    id: 'spk-grup',
    kind: 'max-per-key',
    dimension: 'issuerGroup',
    limit: 0.2,
    effectiveFrom: '2013-07-09',
    source: 'Tebliğ III-52.1 m.17 [ikincil kaynak]',
  },
];

export interface ConcentrationCheck {
  readonly ruleId: string;
  /** The key checked (issuer, class …); absent for aggregate rules. */
  readonly key?: string;
  readonly value: number;
  readonly limit: number;
  readonly passes: boolean;
  readonly source: string;
}

/**
 * Evaluates the concentration rules in force on `asOf`. `max-per-key` yields one check per key;
 * `large-exposures` sums the weights strictly above the threshold (exactly 5 % is not "> 5 %").
 * @throws InvalidInputError for a non-positive fund total value or bad dates.
 */
export function checkConcentration(
  holdings: readonly ConcentrationHolding[],
  fundTotalValue: number,
  rules: readonly ConcentrationRule[],
  asOf: string,
): ConcentrationCheck[] {
  return rulesInForce(rules, asOf).flatMap((rule): ConcentrationCheck[] => {
    const weights = weightsBy(
      holdings,
      rule.dimension,
      fundTotalValue,
      (h) => !(rule.excludeDeposits === true && h.kind === 'deposit'),
    );
    const check = (value: number, key?: string): ConcentrationCheck => ({
      ruleId: rule.id,
      ...(key === undefined ? {} : { key }),
      value,
      limit: rule.limit,
      passes: value <= rule.limit + 1e-12,
      source: rule.source,
    });
    switch (rule.kind) {
      case 'max-per-key':
        return weights.map((w) => check(w.weight, w.key));
      case 'max-key':
        return [check(weights.find((w) => w.key === rule.key)?.weight ?? 0, rule.key)];
      case 'large-exposures':
        return [
          check(
            weights
              .filter((w) => w.weight > rule.threshold + 1e-12)
              .reduce((s, w) => s + w.weight, 0),
          ),
        ];
    }
  });
}
