// "Why did VaR move?": the change of a fund's VaR between two dates split into four parts by
// sequential substitution (docs/decisions/0063-var-change-decomposition.md). Pure: the scenario
// matrix is packages/risk buildScenarioMatrix and the VaR is matrixRisk, the same functions a
// 'var' run uses, so the two ends of the chain are the VaRs the runs report.
import { InsufficientHistoryError, InvalidInputError } from '../errors.ts';
import { buildScenarioMatrix } from '../scenario/build.ts';
import {
  type MarketData,
  type ScenarioWindow,
  indexOnOrBefore,
  scenarioStart,
} from '../scenario/market.ts';
import { matrixRisk, type RiskModel } from '../scenario/matrix-risk.ts';
import type { PositionInput } from '../scenario/types.ts';

/**
 * The four parts, in the default order of the chain:
 * - `positions`: today's holdings (their quantities, valued at yesterday's prices) on
 *   yesterday's scenarios;
 * - `window`: the scenario window moves to today (the days that entered and left it; for
 *   parametric methods the covariance estimated on the new window);
 * - `prices`: the price levels move to today (position values and the levels non-linear pricing
 *   starts from: bond yields, option underlyings);
 * - `parameters`: today's model (method, confidence, horizon, window length, mean...).
 */
export type VarChangeFactor = 'positions' | 'window' | 'prices' | 'parameters';

/** The default order of the substitution chain (decision 0063). */
export const VAR_CHANGE_ORDER: readonly VarChangeFactor[] = [
  'positions',
  'window',
  'prices',
  'parameters',
];

/** The model of one side: the library model, the window length and the scenario step (days). */
export interface VarChangeModel {
  readonly model: RiskModel;
  readonly windowDays: number;
  /** 1 for one-day scenarios, h for overlapping h-day scenarios. */
  readonly stepDays: number;
}

/** One end of the comparison: the holdings of a date (valued that day) and the model used. */
export interface VarChangeSide {
  /** Holdings date; also the end of the scenario window and the date prices are taken. */
  readonly date: string;
  readonly positions: readonly PositionInput[];
  readonly model: VarChangeModel;
}

/** One position's component VaR (TRY) before and after a step of the chain. */
export interface VarChangePosition {
  readonly instrumentCode: string;
  readonly instrumentName: string | null;
  readonly beforeTry: number;
  readonly afterTry: number;
  readonly changeTry: number;
}

export interface VarChangeStep {
  readonly factor: VarChangeFactor;
  readonly fromVarTry: number;
  readonly toVarTry: number;
  /** toVarTry − fromVarTry: the part of the change due to this factor in the order used. */
  readonly changeTry: number;
  /** The smallest and largest value of this part over every order of the four factors. */
  readonly minTry: number;
  readonly maxTry: number;
  /** The positions whose component VaR moved most in this step, largest |change| first. */
  readonly positions: VarChangePosition[];
}

export interface VarChange {
  readonly fromVarTry: number;
  readonly toVarTry: number;
  readonly changeTry: number;
  readonly order: readonly VarChangeFactor[];
  /** One step per factor in `order`; their changes add up to `changeTry`. */
  readonly steps: VarChangeStep[];
  /** How many orders the spread was taken over (4! = 24). */
  readonly orders: number;
}

export interface VarChangeOptions {
  readonly order?: readonly VarChangeFactor[];
  /** Positions listed per step (default 5). */
  readonly topPositions?: number;
}

/**
 * The value of each position at the price level of date index `toIndex`, the holdings being
 * valued at `fromIndex` (their date `holdingsDate`). The move is priced by the scenario pricers
 * themselves, as one scenario from one index to the other: forward V' = V + P&L; backward
 * V' = V / (1 + P&L/V) with the P&L of the move back up to the holdings' date (exact for linear
 * positions: V·P₀/P₁). Positions that cannot be priced, and zero values (futures), keep their value.
 */
export function revaluePositions(
  positions: readonly PositionInput[],
  market: MarketData,
  fromIndex: number,
  toIndex: number,
  holdingsDate: string,
): PositionInput[] {
  if (fromIndex === toIndex) return [...positions];
  const w: ScenarioWindow = {
    endIndex: Math.max(fromIndex, toIndex),
    scenarios: 1,
    stepDays: Math.abs(toIndex - fromIndex),
    valuationIndex: fromIndex,
  };
  return positions.map((p) => {
    if (p.valueTry === 0) return p;
    const m = buildScenarioMatrix([p], market, w, holdingsDate);
    if (m.positions.length === 0) return p;
    const pnl = m.pnl[0]!;
    if (toIndex > fromIndex) return { ...p, valueTry: p.valueTry + pnl };
    const growth = 1 + pnl / p.valueTry;
    return { ...p, valueTry: growth > 0 ? p.valueTry / growth : p.valueTry - pnl };
  });
}

interface StateRisk {
  readonly varTry: number;
  readonly components: Map<string, { name: string | null; value: number }>;
}

const FACTOR_BIT: Readonly<Record<VarChangeFactor, number>> = {
  positions: 1,
  window: 2,
  prices: 4,
  parameters: 8,
};

function dateIndex(market: MarketData, date: string): number {
  const i = indexOnOrBefore(market.dates, date);
  if (i < 0) throw new InvalidInputError(`no market date on or before ${date}`);
  return i;
}

function stateRisk(
  market: MarketData,
  from: VarChangeSide,
  to: VarChangeSide,
  mask: number,
): StateRisk {
  const pick = (f: VarChangeFactor): VarChangeSide => ((mask & FACTOR_BIT[f]) !== 0 ? to : from);
  const holdings = pick('positions');
  const level = pick('prices');
  const { model, windowDays, stepDays } = pick('parameters').model;
  const levelIndex = dateIndex(market, level.date);
  const positions = revaluePositions(
    holdings.positions,
    market,
    dateIndex(market, holdings.date),
    levelIndex,
    holdings.date,
  );
  const w: ScenarioWindow = {
    endIndex: dateIndex(market, pick('window').date),
    scenarios: windowDays,
    stepDays,
    valuationIndex: levelIndex,
  };
  if (scenarioStart(w, 0) < 0)
    throw new InsufficientHistoryError(windowDays + stepDays, w.endIndex + 1);
  const matrix = buildScenarioMatrix(positions, market, w, level.date);
  const risk = matrixRisk(matrix.pnl, matrix.positions.length, matrix.scenarios, model, false, []);
  const components = new Map<string, { name: string | null; value: number }>();
  matrix.positions.forEach((p, i) => {
    const c = components.get(p.instrumentCode);
    components.set(p.instrumentCode, {
      name: c?.name ?? p.instrumentName,
      value: (c?.value ?? 0) + risk.component[i]!,
    });
  });
  return { varTry: risk.var, components };
}

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

function movedPositions(before: StateRisk, after: StateRisk, top: number): VarChangePosition[] {
  const codes = new Set([...before.components.keys(), ...after.components.keys()]);
  return (
    [...codes]
      .map((code) => {
        const b = before.components.get(code);
        const a = after.components.get(code);
        const beforeTry = b?.value ?? 0;
        const afterTry = a?.value ?? 0;
        return {
          instrumentCode: code,
          instrumentName: a?.name ?? b?.name ?? null,
          beforeTry,
          afterTry,
          changeTry: afterTry - beforeTry,
        };
      })
      // A change below a billionth of the component is the rounding of two VaR computations.
      .filter(
        (p) =>
          Math.abs(p.changeTry) > 1e-9 * Math.max(1, Math.abs(p.beforeTry), Math.abs(p.afterTry)),
      )
      .sort((x, y) => Math.abs(y.changeTry) - Math.abs(x.changeTry))
      .slice(0, top)
  );
}

/**
 * The change of VaR (TRY, positive loss, as matrixRisk) from `from` to `to`, split by
 * sequential substitution: starting from VaR(from), the factors of `order` are switched to their
 * `to` value one after the other; each part is the difference of two consecutive VaRs of the
 * chain, so the parts add up to VaR(to) − VaR(from) (up to the rounding of the subtractions).
 * The 16 VaRs of every mix of the two sides are computed once; each part's min and max are taken
 * over all 24 orders. Per step, the positions whose Euler component VaR moved most.
 * @throws InvalidInputError when `order` is not the four factors once each or a date has no
 *   market date; InsufficientHistoryError when a window starts before the market data.
 */
export function varChange(
  market: MarketData,
  from: VarChangeSide,
  to: VarChangeSide,
  options: VarChangeOptions = {},
): VarChange {
  const order = options.order ?? VAR_CHANGE_ORDER;
  if (order.length !== 4 || new Set(order).size !== 4 || order.some((f) => !(f in FACTOR_BIT)))
    throw new InvalidInputError('the order must name each of the four factors once');
  const states: StateRisk[] = Array.from({ length: 16 }, (_, mask) =>
    stateRisk(market, from, to, mask),
  );
  const all = permutations(VAR_CHANGE_ORDER);
  const spread = new Map<VarChangeFactor, { min: number; max: number }>(
    VAR_CHANGE_ORDER.map((f) => [f, { min: Infinity, max: -Infinity }]),
  );
  for (const o of all) {
    let mask = 0;
    for (const f of o) {
      const part = states[mask | FACTOR_BIT[f]]!.varTry - states[mask]!.varTry;
      const s = spread.get(f)!;
      spread.set(f, { min: Math.min(s.min, part), max: Math.max(s.max, part) });
      mask |= FACTOR_BIT[f];
    }
  }
  let mask = 0;
  const steps = order.map((factor): VarChangeStep => {
    const before = states[mask]!;
    mask |= FACTOR_BIT[factor];
    const after = states[mask]!;
    const s = spread.get(factor)!;
    return {
      factor,
      fromVarTry: before.varTry,
      toVarTry: after.varTry,
      changeTry: after.varTry - before.varTry,
      minTry: s.min,
      maxTry: s.max,
      positions: movedPositions(before, after, options.topPositions ?? 5),
    };
  });
  return {
    fromVarTry: states[0]!.varTry,
    toVarTry: states[15]!.varTry,
    changeTry: states[15]!.varTry - states[0]!.varTry,
    order: [...order],
    steps,
    orders: all.length,
  };
}
