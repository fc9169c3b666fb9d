// The limits of one fund on one set of holdings, each by the code path of its own analysis
// (decision 0064): VaR limit and status as the 'var' run, commitment leverage as 'leverage',
// the concentration limits as 'concentration-risk' and the Module 3 criteria as 'internal-audit'.
import {
  aggregationUnit,
  evaluateCriterion,
  formatLimit,
  formatPercent,
  type AuditHolding,
  type CriterionRule,
  type ConcentrationRiskInputs,
  type ConcentrationStatus,
  type LimitStatus,
  type PreTradeCheckKind,
  type PreTradeStatus,
  type VarApproach,
  type VarSettings,
} from '@fonrisk/contracts';
import type { MarketData, PositionInput } from '@fonrisk/risk';
import { concentrationChecksOf } from '../analyses/concentration-risk/concentration-risk-handler.ts';
import type { AuditBook } from '../analyses/internal-audit/audit-book.ts';
import type { AuditCriterion } from '../analyses/internal-audit/audit-criterion.ts';
import { derivativeLinesOf, leverageOf } from '../analyses/leverage/commitment.ts';
import { limitStatus } from '../analyses/var/evaluate.ts';

export interface CheckSetup {
  readonly portfolioCode: string;
  readonly date: string;
  /** NAV of the holdings (unchanged by the trades: the cash leg stays in the fund). */
  readonly nav: number;
  readonly settings: VarSettings;
  readonly approach: VarApproach;
  /** The VaR limit as a fraction of NAV (relative: the multiple × reference VaR), null: none. */
  readonly varLimitPct: number | null;
  readonly leverageLimitPct: number;
  readonly market: MarketData;
  readonly book: AuditBook;
  readonly concentration: ConcentrationRiskInputs;
  /** Module 3 criteria in force that apply to the fund. */
  readonly criteria: readonly AuditCriterion[];
}

export interface CheckValue {
  readonly kind: PreTradeCheckKind;
  readonly code: string;
  readonly name: string;
  readonly unit: 'fraction' | 'count' | 'days';
  readonly limitText: string;
  readonly value: number | null;
  readonly usage: number | null;
  readonly key: string | null;
  readonly status: PreTradeStatus;
}

const FROM_LIMIT: Readonly<Record<LimitStatus, PreTradeStatus>> = {
  ok: 'pass',
  noLimit: 'pass',
  warning: 'warning',
  breach: 'breach',
};
const FROM_CONCENTRATION: Readonly<Record<ConcentrationStatus, PreTradeStatus>> = {
  pass: 'pass',
  near: 'warning',
  warning: 'warning',
  breach: 'breach',
};
const RANK: Readonly<Record<PreTradeStatus, number>> = { pass: 0, warning: 1, breach: 2 };

export const VAR_CHECK_CODE = 'RMD';
export const LEVERAGE_CHECK_CODE = 'KALDIRAC';
const NO_HEDGES: ReadonlySet<string> = new Set();

// Limit texts are asked for on every step of the headroom search: formatted once per limit.
const limitTexts = new Map<string, string>();
function memoText(key: string, make: () => string): string {
  let text = limitTexts.get(key);
  if (text === undefined) {
    text = make();
    if (limitTexts.size < 10_000) limitTexts.set(key, text);
  }
  return text;
}
function maxLimitText(limit: number | null): string {
  return limit === null
    ? 'Limit yok'
    : memoText(`max|${String(limit)}`, () => `≤ ${formatPercent(limit)}`);
}

/** Which limits a trade in one instrument can move (the rest keep their current value). */
export type Relevant = (rule: CriterionRule) => boolean;
const ALL: Relevant = () => true;

export function varCheck(setup: CheckSetup, varTry: number): CheckValue {
  const value = setup.nav === 0 ? 0 : varTry / setup.nav;
  const limit = setup.varLimitPct;
  const usage = limit === null || limit === 0 ? null : value / limit;
  return {
    kind: 'var',
    code: VAR_CHECK_CODE,
    name: setup.approach === 'absolute' ? 'RMD (mutlak, FTD’ye oran)' : 'RMD (göreli)',
    unit: 'fraction',
    limitText: maxLimitText(limit),
    value,
    usage,
    key: null,
    status: FROM_LIMIT[limitStatus(usage, setup.settings.warningThresholdPct)],
  };
}

/** Commitment leverage of the positions (leverage analysis: commitmentApproach, no hedges named). */
export function leverageCheck(setup: CheckSetup, positions: readonly PositionInput[]): CheckValue {
  const { lines, spots } = derivativeLinesOf(
    positions,
    setup.market,
    setup.date,
    NO_HEDGES,
    setup.portfolioCode,
  );
  const r = leverageOf(lines, spots, setup.nav, setup.leverageLimitPct, setup.settings, setup.date);
  return {
    kind: 'leverage',
    code: LEVERAGE_CHECK_CODE,
    name: 'Kaldıraç: taahhüt yöntemiyle açık pozisyon / FTD',
    unit: 'fraction',
    limitText: maxLimitText(r.limitPct),
    value: r.commitmentPct,
    usage: r.limitPct > 0 ? r.usage : null,
    key: null,
    status: FROM_LIMIT[r.status],
  };
}

/** Each concentration limit once: its worst key (status, then value). */
export function concentrationChecks(
  setup: CheckSetup,
  holdings: readonly AuditHolding[],
  relevant: Relevant = ALL,
): CheckValue[] {
  const checks = concentrationChecksOf(
    { ...setup.book, holdings: [...holdings] },
    setup.concentration,
    relevant,
  );
  const worst = new Map<string, CheckValue>();
  for (const c of checks) {
    const v: CheckValue = {
      kind: 'concentration',
      code: c.code,
      name: c.name,
      unit: 'fraction',
      limitText: maxLimitText(c.limit),
      value: c.value,
      usage: c.limit > 0 ? c.value / c.limit : null,
      key: c.key,
      status: FROM_CONCENTRATION[c.status],
    };
    const prev = worst.get(c.code);
    if (
      !prev ||
      RANK[v.status] > RANK[prev.status] ||
      (RANK[v.status] === RANK[prev.status] && v.value! > prev.value!)
    )
      worst.set(c.code, v);
  }
  return [...worst.values()];
}

export function auditChecks(
  setup: CheckSetup,
  holdings: readonly AuditHolding[],
  relevant: Relevant = ALL,
): CheckValue[] {
  const ctx = {
    asOfDate: setup.book.date,
    nav: setup.book.nav,
    fundCategory: setup.book.fundCategory,
  };
  return setup.criteria
    .filter((c) => relevant(c.rule))
    .map((c) => {
      const r = evaluateCriterion(c.rule, holdings, ctx);
      const unit = aggregationUnit(c.rule.measure.aggregation);
      return {
        kind: 'audit',
        code: c.rule.code,
        name: c.rule.name,
        unit,
        limitText: memoText(`${c.rule.code}|${String(c.version)}`, () =>
          formatLimit(c.rule.comparison, unit),
        ),
        value: r.value,
        usage: null,
        key: r.keys[0]?.key ?? null,
        status: r.status,
      };
    });
}

/**
 * Every check of the fund on the positions and audit holdings of one state; `leverage` when the
 * caller knows it did not change (a trade in neither a derivative nor an underlying of one).
 */
export function checksAt(
  setup: CheckSetup,
  positions: readonly PositionInput[],
  holdings: readonly AuditHolding[],
  varTry: number,
  leverage?: CheckValue,
): CheckValue[] {
  return [
    varCheck(setup, varTry),
    leverage ?? leverageCheck(setup, positions),
    ...concentrationChecks(setup, holdings),
    ...auditChecks(setup, holdings),
  ];
}

/** Identity of a check across states. */
export const checkId = (c: Pick<CheckValue, 'kind' | 'code'>) => `${c.kind}|${c.code}`;
