import {
  CriterionRuleSchema,
  aggregationUnit,
  type CriterionAggregation,
  type CriterionFilterField,
  type CriterionRule,
  type DepositTreatment,
  type FundCategory,
} from '@fonrisk/contracts';

/**
 * The criterion editor's state. Weights are typed as percentages (10 = %10) and stored as
 * fractions (0.1), the unit the rule and the engine use; counts and days are typed as they are.
 * Numbers are '' while a field is empty.
 */
export type FilterState =
  | {
      readonly kind: 'values';
      readonly field: CriterionFilterField;
      readonly column: string;
      readonly operator: 'in' | 'notIn';
      readonly values: string[];
    }
  | { readonly kind: 'maturity'; readonly minDays: number | ''; readonly maxDays: number | '' };

export interface CriterionFormState {
  readonly code: string;
  readonly name: string;
  readonly group: string;
  readonly description: string;
  readonly source: string;
  readonly confirmed: boolean;
  readonly enabled: boolean;
  readonly filters: FilterState[];
  readonly aggregation: CriterionAggregation;
  readonly groupBy: string | null;
  readonly thresholdPct: number | '';
  readonly depositTreatment: DepositTreatment;
  readonly cmpKind: 'max' | 'min' | 'range';
  readonly limit: number | '';
  readonly min: number | '';
  readonly max: number | '';
  readonly severity: 'warning' | 'breach';
  readonly portfolioCodes: string[];
  readonly fundCategories: FundCategory[];
  readonly effectiveFrom: string;
  readonly cureDays: number | '';
}

export type CriterionFormField = keyof CriterionRule;

const KEYED = new Set<CriterionAggregation>([
  'maxWeightPerKey',
  'countAboveThreshold',
  'sumAboveThreshold',
]);
export const needsGroupBy = (a: CriterionAggregation): boolean => KEYED.has(a);
export const needsThreshold = (a: CriterionAggregation): boolean =>
  a === 'countAboveThreshold' || a === 'sumAboveThreshold';

/** Typed value → stored value: % → fraction for weights. */
const toStored = (v: number, a: CriterionAggregation): number =>
  aggregationUnit(a) === 'fraction' ? Math.round(v * 1e8) / 1e10 : v;
const toTyped = (v: number, a: CriterionAggregation): number =>
  aggregationUnit(a) === 'fraction' ? Math.round(v * 1e10) / 1e8 : v;
const num = (v: number | ''): number | undefined => (v === '' ? undefined : v);

export function emptyCriterionForm(today: string): CriterionFormState {
  return {
    code: '',
    name: '',
    group: 'İç limitler',
    description: '',
    source: '',
    confirmed: true,
    enabled: true,
    filters: [],
    aggregation: 'weight',
    groupBy: null,
    thresholdPct: '',
    depositTreatment: 'exceptMoneyMarket',
    cmpKind: 'max',
    limit: '',
    min: '',
    max: '',
    severity: 'warning',
    portfolioCodes: [],
    fundCategories: [],
    effectiveFrom: today,
    cureDays: '',
  };
}

export function criterionFormOf(rule: CriterionRule): CriterionFormState {
  const a = rule.measure.aggregation;
  const c = rule.comparison;
  return {
    code: rule.code,
    name: rule.name,
    group: rule.group,
    description: rule.description,
    source: rule.source,
    confirmed: rule.confirmed,
    enabled: rule.enabled,
    filters: rule.filters.map((f) =>
      f.kind === 'values'
        ? {
            kind: 'values',
            field: f.field,
            column: f.column ?? '',
            operator: f.operator,
            values: [...f.values],
          }
        : { kind: 'maturity', minDays: f.minDays ?? '', maxDays: f.maxDays ?? '' },
    ),
    aggregation: a,
    groupBy: rule.measure.groupBy ?? null,
    thresholdPct:
      rule.measure.threshold === undefined ? '' : toTyped(rule.measure.threshold, 'weight'),
    depositTreatment: rule.measure.depositTreatment,
    cmpKind: c.kind,
    limit: c.kind === 'range' ? '' : toTyped(c.limit, a),
    min: c.kind === 'range' ? toTyped(c.min, a) : '',
    max: c.kind === 'range' ? toTyped(c.max, a) : '',
    severity: rule.severity,
    portfolioCodes: [...rule.scope.portfolioCodes],
    fundCategories: [...rule.scope.fundCategories],
    effectiveFrom: rule.effectiveFrom,
    cureDays: rule.cureDays ?? '',
  };
}

/** The rule document of the form (not yet validated). */
export function ruleInputOf(s: CriterionFormState): Record<string, unknown> {
  const a = s.aggregation;
  const stored = (v: number | '') => (v === '' ? undefined : toStored(v, a));
  return {
    code: s.code.trim(),
    name: s.name.trim(),
    description: s.description,
    group: s.group.trim(),
    source: s.source,
    confirmed: s.confirmed,
    enabled: s.enabled,
    filters: s.filters.map((f) =>
      f.kind === 'values'
        ? {
            kind: 'values',
            field: f.field,
            ...(f.field === 'column' ? { column: f.column.trim() || undefined } : {}),
            operator: f.operator,
            values: f.values,
          }
        : {
            kind: 'maturity',
            minDays: f.minDays === '' ? null : f.minDays,
            maxDays: f.maxDays === '' ? null : f.maxDays,
          },
    ),
    measure: {
      aggregation: a,
      ...(needsGroupBy(a) && s.groupBy !== null ? { groupBy: s.groupBy } : {}),
      ...(needsThreshold(a) && s.thresholdPct !== ''
        ? { threshold: toStored(s.thresholdPct, 'weight') }
        : {}),
      depositTreatment: s.depositTreatment,
    },
    comparison:
      s.cmpKind === 'range'
        ? { kind: 'range', min: stored(s.min), max: stored(s.max) }
        : { kind: s.cmpKind, limit: stored(s.limit) },
    severity: s.severity,
    scope: { portfolioCodes: s.portfolioCodes, fundCategories: s.fundCategories },
    effectiveFrom: s.effectiveFrom,
    cureDays: num(s.cureDays) ?? null,
  };
}

export type CriterionValidation =
  | { readonly ok: true; readonly rule: CriterionRule }
  | { readonly ok: false; readonly errors: Record<string, string> };

/**
 * Validates with the contract's CriterionRuleSchema (the API's own check). Errors are keyed by
 * their dotted path ('measure.threshold', 'filters.0.values', 'comparison.limit').
 */
export function validateCriterionForm(s: CriterionFormState): CriterionValidation {
  const parsed = CriterionRuleSchema.safeParse(ruleInputOf(s));
  if (parsed.success) return { ok: true, rule: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}
