// The backtest's days as compute-pool tasks (decision 0077): each task forms the scenario
// P&L of a run of consecutive days (forEachSlidingDay, per holdings snapshot) and computes
// their VaR and realised P&L (backtestDayRisk) in the thread, day by day. The worker's main thread built every
// matrix itself before (a third of its time in the night batch, bond pricing day by day) and then
// cloned them all (~86 MB per backtest at the night's size) to the thread; now only the positions
// and the market window cross, and the results come back.
import {
  backtestDayRisk,
  type MarketData,
  type PositionInput,
  type RiskModel,
  type UnmappedPosition,
} from '@fonrisk/risk';
import { computeTasks } from '../../pool/tasks.ts';
import { forEachSlidingDay, type SlidingDay } from './sliding-matrices.ts';

/** Consecutive days priced on one holdings snapshot. */
export interface SnapshotDays {
  readonly positions: readonly PositionInput[];
  readonly days: readonly SlidingDay[];
}

/** Per day, in the order of the groups and their days. */
export interface BacktestDaysRisk {
  readonly var: Float64Array;
  readonly realised: Float64Array;
  /** The positions each day's matrix left out (no mapping or no price), for the tolerance check. */
  readonly unmapped: readonly (readonly UnmappedPosition[])[];
}

/**
 * VaR (`scenarios` scenarios, `model`) and realised P&L of every day of `groups`: the numbers of
 * building each day's matrix with buildScenarioMatrix and passing them to backtestDays, within
 * the rounding of the day's total (decision 0114; all pure, the days do not depend on one
 * another).
 */
export function snapshotDaysRisk(
  groups: readonly SnapshotDays[],
  market: MarketData,
  scenarios: number,
  model: RiskModel,
): BacktestDaysRisk {
  const count = groups.reduce((n, g) => n + g.days.length, 0);
  const vars = new Float64Array(count);
  const realised = new Float64Array(count);
  const unmapped: (readonly UnmappedPosition[])[] = [];
  const dayRisk = backtestDayRisk(scenarios, model);
  let at = 0;
  for (const group of groups)
    forEachSlidingDay(group.positions, market, group.days, (day) => {
      const r = dayRisk(day);
      vars[at] = r.var;
      realised[at] = r.realised;
      unmapped.push(day.unmapped);
      at++;
    });
  return { var: vars, realised, unmapped };
}

export const COMPUTE_TASKS = { snapshotDaysRisk };
export const BACKTEST_TASKS = computeTasks(import.meta.url, COMPUTE_TASKS);
