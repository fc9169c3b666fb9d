import { InvalidInputError } from '../errors.ts';
import { parseIsoDate } from '../dates/date.ts';

/**
 * A limit as data: a maximum (or minimum) for a named metric, valid from a date and optionally
 * until one, with its legal source. Limits are settings, not constants: regulators move them and
 * funds may set stricter internal ones (regulation-and-methods.md, "make every limit a configurable
 * parameter with an effective date").
 */
export interface LimitRule<Metric extends string = string> {
  readonly id: string;
  readonly metric: Metric;
  /** Limit as a fraction of fund total value (1 = 100 %) unless the metric says otherwise. */
  readonly limit: number;
  /** `max` (default): value must not exceed the limit; `min`: value must reach it. */
  readonly bound?: 'max' | 'min' | undefined;
  /** ISO date from which the rule applies (inclusive). */
  readonly effectiveFrom: string;
  /** ISO date from which the rule no longer applies (exclusive). */
  readonly effectiveTo?: string | undefined;
  /** Where the limit comes from, e.g. "SPK Rehber §7.2.2 a". */
  readonly source: string;
}

export interface LimitCheck<Metric extends string = string> {
  readonly ruleId: string;
  readonly metric: Metric;
  readonly value: number;
  readonly limit: number;
  readonly bound: 'max' | 'min';
  readonly passes: boolean;
  readonly source: string;
}

/** Rules in force on `asOf` (ISO): effectiveFrom ≤ asOf < effectiveTo. @throws InvalidInputError for bad dates. */
export function rulesInForce<
  R extends { readonly effectiveFrom: string; readonly effectiveTo?: string | undefined },
>(rules: readonly R[], asOf: string): R[] {
  const day = parseIsoDate(asOf);
  return rules.filter(
    (r) =>
      parseIsoDate(r.effectiveFrom) <= day &&
      (r.effectiveTo === undefined || day < parseIsoDate(r.effectiveTo)),
  );
}

/**
 * Checks the rules in force on `asOf` against metric values; a rule whose metric has no value is
 * an error rather than a silent pass.
 * @throws InvalidInputError when a rule's metric is missing from `values`.
 */
export function checkLimits<Metric extends string>(
  rules: readonly LimitRule<Metric>[],
  values: Readonly<Record<Metric, number>>,
  asOf: string,
): LimitCheck<Metric>[] {
  return rulesInForce(rules, asOf).map((rule) => {
    const value = values[rule.metric] as number | undefined;
    if (value === undefined)
      throw new InvalidInputError(`no value for limit metric "${rule.metric}"`);
    const bound = rule.bound ?? 'max';
    return {
      ruleId: rule.id,
      metric: rule.metric,
      value,
      limit: rule.limit,
      bound,
      passes: bound === 'max' ? value <= rule.limit + 1e-12 : value >= rule.limit - 1e-12,
      source: rule.source,
    };
  });
}
