import type {
  AuditStatus,
  CriterionComparison,
  CriterionFilter,
  CriterionGroupBy,
  CriterionRule,
  CriterionScope,
} from './criterion.ts';

/**
 * The criterion engine: pure evaluation of a stored rule over one portfolio's holdings on one
 * date (issue 12). No I/O: the caller loads holdings, instrument attributes and, for fixed-coupon
 * bonds, the Macaulay duration (packages/risk), and passes them here.
 */

/** How a debt holding's maturity is counted for averages (Rehber §4.2.6). */
export type MaturityKind =
  /** Discount instruments (bono, iskontolu): days to redemption. */
  | 'discount'
  /** Fixed-coupon and revenue-indexed: Macaulay duration. */
  | 'fixed'
  /** Floating (e.g. TLREF-linked): days to the next coupon. */
  | 'floating'
  /** CPI-linked (TÜFE'ye endeksli): days to principal maturity. */
  | 'cpiLinked'
  /** Deposits with periodic payouts: days to the next payout; otherwise to maturity. */
  | 'deposit'
  /** Reverse repo: days to its own maturity (the collateral is not looked through). */
  | 'reverseRepo';

export interface HoldingMaturity {
  readonly kind: MaturityKind;
  /** Redemption / principal maturity date (YYYY-MM-DD). */
  readonly maturityDate: string;
  /** Next coupon (floating) or next payout (deposit) date, when known. */
  readonly nextPaymentDate: string | null;
  /** Macaulay duration in years (fixed-coupon bonds), when computed. */
  readonly macaulayYears: number | null;
}

/** One holding line as the engine sees it (summed per instrument). */
export interface AuditHolding {
  readonly instrumentCode: string;
  readonly instrumentName: string | null;
  readonly mainType: string;
  readonly subType: string | null;
  /** A deposit's or participation account's issuer is its bank. */
  readonly issuer: string | null;
  readonly issuerGroup: string | null;
  readonly sector: string | null;
  readonly currency: string;
  readonly isForeign: boolean;
  /** For fund shares: the held fund's category. */
  readonly fundCategory: string | null;
  readonly counterparty: string | null;
  readonly valueTry: number;
  /**
   * Derivatives: commitment, the delta-adjusted underlying exposure in TRY (futures: contracts ×
   * size × underlying level; decision 0051); null = |valueTry|.
   */
  readonly commitmentTry: number | null;
  /** Derivatives: the delta-1 notional (contracts × size × underlying level) in TRY, else null. */
  readonly notionalTry?: number | null | undefined;
  readonly maturity: HoldingMaturity | null;
  /** The other holdings columns (product-spec section 3 keys). */
  readonly columns: Readonly<Record<string, unknown>>;
}

export interface AuditContext {
  /** The audit (price-publication) date days are counted from. */
  readonly asOfDate: string;
  /** Fund total value (Σ current values); weights are value / nav. */
  readonly nav: number;
  /** The audited portfolio's fund category (deposits in money-market funds, scope). */
  readonly fundCategory: string | null;
}

export interface Contribution {
  readonly instrumentCode: string;
  readonly instrumentName: string | null;
  /** The holding's key under the rule's groupBy, when it has one. */
  readonly key: string | null;
  readonly valueTry: number;
  /** valueTry / NAV (or commitment / NAV for derivative commitment). */
  readonly weight: number;
  /** Maturity in days under the Rehber convention (WAM rules). */
  readonly maturityDays: number | null;
  /** Part of what makes the rule fail. */
  readonly offending: boolean;
}

export interface KeyWeight {
  readonly key: string;
  readonly weight: number;
  readonly offending: boolean;
}

export interface CriterionEvaluation {
  /** Measured value (fraction, count or days); null when nothing could be measured (WAM of no debt). */
  readonly value: number | null;
  readonly status: AuditStatus;
  /**
   * Room to the limit in the value's unit: limit − value for max, value − limit for min, the
   * nearer side for a range; negative when failing; null without a value.
   */
  readonly margin: number | null;
  /** Per-key weights of the per-key aggregations, largest first. */
  readonly keys: KeyWeight[];
  /** The measured holdings with their contribution, largest first. */
  readonly contributions: Contribution[];
}

const DERIVATIVE_TYPES = new Set(['future', 'option', 'warrant']);
const DEPOSIT_TYPES = new Set(['deposit', 'participationAccount']);
const EPS = 1e-12;

/** Whole days from `from` to `to` (YYYY-MM-DD), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The maturity in days used for weighted-average maturity (Rehber §4.2.6), counted from the
 * application date `asOfDate`: discount → days to redemption; fixed-coupon → Macaulay duration
 * (× 365 days; days to redemption when it was not computed); floating → days to the next coupon;
 * CPI-linked → days to principal maturity; deposits → days to the next payout, else maturity;
 * reverse repo → its own maturity. Never below zero.
 */
export function conventionalMaturityDays(m: HoldingMaturity, asOfDate: string): number {
  const toMaturity = Math.max(0, daysBetween(asOfDate, m.maturityDate));
  switch (m.kind) {
    case 'discount':
    case 'cpiLinked':
    case 'reverseRepo':
      return toMaturity;
    case 'fixed':
      return m.macaulayYears === null ? toMaturity : Math.max(0, m.macaulayYears * 365);
    case 'floating':
    case 'deposit':
      return m.nextPaymentDate === null
        ? toMaturity
        : Math.min(toMaturity, Math.max(0, daysBetween(asOfDate, m.nextPaymentDate)));
  }
}

function attribute(h: AuditHolding, field: CriterionFilter & { kind: 'values' }): string | null {
  if (field.field === 'isForeign') return h.isForeign ? 'true' : 'false';
  if (field.field === 'column') {
    const v = h.columns[field.column ?? ''];
    return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'
      ? String(v)
      : null;
  }
  return h[field.field];
}

/** Turkish lower case, memoised: attribute values repeat across holdings, days and rules. */
const lowered = new Map<string, string>();
function lower(v: string): string {
  let out = lowered.get(v);
  if (out === undefined) {
    out = v.toLocaleLowerCase('tr');
    if (lowered.size < 100_000) lowered.set(v, out);
  }
  return out;
}

/** A filter's values as a lower-cased set, built once per filter object. */
const valueSets = new WeakMap<object, ReadonlySet<string>>();
function valueSet(f: CriterionFilter & { kind: 'values' }): ReadonlySet<string> {
  let set = valueSets.get(f);
  if (set === undefined) {
    set = new Set(f.values.map(lower));
    valueSets.set(f, set);
  }
  return set;
}

/** Whether a holding passes one filter (values compare case-insensitively, Turkish rules). */
export function matchesFilter(h: AuditHolding, f: CriterionFilter, asOfDate: string): boolean {
  if (f.kind === 'maturity') {
    if (h.maturity === null) return false;
    const days = conventionalMaturityDays(h.maturity, asOfDate);
    return (f.minDays === null || days >= f.minDays) && (f.maxDays === null || days <= f.maxDays);
  }
  const value = attribute(h, f);
  const hit = value !== null && valueSet(f).has(lower(value));
  return f.operator === 'in' ? hit : !hit;
}

/** Whether the rule applies to a portfolio (scope by code or fund category; empty scope = all). */
export function criterionApplies(
  scope: CriterionScope,
  portfolioCode: string,
  fundCategory: string | null,
): boolean {
  if (scope.portfolioCodes.length === 0 && scope.fundCategories.length === 0) return true;
  return (
    scope.portfolioCodes.includes(portfolioCode) ||
    (fundCategory !== null && (scope.fundCategories as readonly string[]).includes(fundCategory))
  );
}

/** Status and margin of a value against the comparison; the failing status is the severity. */
export function compareWithLimit(
  value: number | null,
  comparison: CriterionComparison,
  severity: 'warning' | 'breach',
): { status: AuditStatus; margin: number | null } {
  if (value === null) return { status: 'pass', margin: null };
  const margin =
    comparison.kind === 'max'
      ? comparison.limit - value
      : comparison.kind === 'min'
        ? value - comparison.limit
        : Math.min(value - comparison.min, comparison.max - value);
  return { status: margin < -EPS ? severity : 'pass', margin };
}

function keyOf(h: AuditHolding, by: CriterionGroupBy): string | null {
  const v = h[by];
  return v === null || v === '' ? null : v;
}

/**
 * Evaluates a rule on a portfolio's holdings. Filters select the measured holdings (all must
 * match); weights are of NAV. Per-key aggregations drop deposits and participation accounts as
 * `measure.depositTreatment` says (by default they count towards their bank except in
 * money-market funds, Rehber §4.1.4 and §4.9). "Above the threshold" is strict: a key at
 * exactly 5 % does not count for 5/10/40 (regulation-and-methods.md §4.2).
 */
export function evaluateCriterion(
  rule: Pick<CriterionRule, 'filters' | 'measure' | 'comparison' | 'severity'>,
  holdings: readonly AuditHolding[],
  ctx: AuditContext,
): CriterionEvaluation {
  if (!(ctx.nav > 0))
    return { value: null, status: 'pass', margin: null, keys: [], contributions: [] };
  const { measure } = rule;
  const selected = holdings.filter((h) =>
    rule.filters.every((f) => matchesFilter(h, f, ctx.asOfDate)),
  );
  const contribution = (
    h: AuditHolding,
    key: string | null,
    offending: boolean,
    amount = h.valueTry,
  ): Contribution => ({
    instrumentCode: h.instrumentCode,
    instrumentName: h.instrumentName,
    key,
    valueTry: amount,
    weight: amount / ctx.nav,
    maturityDays: h.maturity === null ? null : conventionalMaturityDays(h.maturity, ctx.asOfDate),
    offending,
  });
  const byWeight = (a: Contribution, b: Contribution) =>
    Math.abs(b.weight) - Math.abs(a.weight) || a.instrumentCode.localeCompare(b.instrumentCode);
  const finish = (
    value: number | null,
    keys: KeyWeight[],
    build: (failing: boolean) => Contribution[],
  ): CriterionEvaluation => {
    const { status, margin } = compareWithLimit(value, rule.comparison, rule.severity);
    return { value, status, margin, keys, contributions: build(status !== 'pass').sort(byWeight) };
  };

  switch (measure.aggregation) {
    case 'weight':
    case 'spotShare': {
      const lines =
        measure.aggregation === 'spotShare'
          ? selected.filter((h) => !DERIVATIVE_TYPES.has(h.mainType))
          : selected;
      const value = lines.reduce((s, h) => s + h.valueTry, 0) / ctx.nav;
      return finish(value, [], (failing) => lines.map((h) => contribution(h, null, failing)));
    }
    case 'derivativeCommitment': {
      const lines = selected.filter((h) => DERIVATIVE_TYPES.has(h.mainType));
      const amount = (h: AuditHolding) => Math.abs(h.commitmentTry ?? h.valueTry);
      const value = lines.reduce((s, h) => s + amount(h), 0) / ctx.nav;
      return finish(value, [], (failing) =>
        lines.map((h) => contribution(h, null, failing, amount(h))),
      );
    }
    case 'weightedAverageMaturity': {
      const lines = selected.filter((h) => h.maturity !== null && h.valueTry > 0);
      const total = lines.reduce((s, h) => s + h.valueTry, 0);
      const value =
        total > 0
          ? lines.reduce(
              (s, h) => s + h.valueTry * conventionalMaturityDays(h.maturity!, ctx.asOfDate),
              0,
            ) / total
          : null;
      return finish(value, [], (failing) => lines.map((h) => contribution(h, null, failing)));
    }
    case 'maxWeightPerKey':
    case 'countAboveThreshold':
    case 'sumAboveThreshold': {
      const by = measure.groupBy ?? 'issuer';
      const dropDeposits =
        measure.depositTreatment === 'exclude' ||
        (measure.depositTreatment === 'exceptMoneyMarket' && ctx.fundCategory === 'moneyMarket');
      const lines = selected.filter(
        (h) => keyOf(h, by) !== null && !(dropDeposits && DEPOSIT_TYPES.has(h.mainType)),
      );
      const sums = new Map<string, number>();
      for (const h of lines) {
        const k = keyOf(h, by)!;
        sums.set(k, (sums.get(k) ?? 0) + h.valueTry);
      }
      const weights = [...sums.entries()]
        .map(([key, v]) => ({ key, weight: v / ctx.nav }))
        .sort((a, b) => b.weight - a.weight || a.key.localeCompare(b.key));
      const threshold = measure.threshold ?? 0;
      const above = weights.filter((w) => w.weight > threshold + EPS);
      const value =
        measure.aggregation === 'maxWeightPerKey'
          ? (weights[0]?.weight ?? 0)
          : measure.aggregation === 'countAboveThreshold'
            ? above.length
            : above.reduce((s, w) => s + w.weight, 0);
      const { status } = compareWithLimit(value, rule.comparison, rule.severity);
      const failing = status !== 'pass';
      const offendingKey = (w: { key: string; weight: number }): boolean => {
        if (!failing) return false;
        if (measure.aggregation !== 'maxWeightPerKey') return w.weight > threshold + EPS;
        return compareWithLimit(w.weight, rule.comparison, rule.severity).status !== 'pass';
      };
      const keys = weights.map((w) => ({ ...w, offending: offendingKey(w) }));
      const bad = new Set(keys.filter((k) => k.offending).map((k) => k.key));
      return finish(value, keys, () =>
        lines.map((h) => {
          const k = keyOf(h, by)!;
          return contribution(h, k, bad.has(k));
        }),
      );
    }
  }
}
