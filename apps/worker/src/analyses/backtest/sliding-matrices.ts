// The backtest's daily scenario matrices, built with the window sliding (decision 0074): the
// P&L of a linear or cash position in scenario s depends on the market dates of the scenario
// only (value × the series' (or FX) return from one date to the next), not on the day the
// window ends, so such a position is priced once over the union of the windows of the days that
// hold the same snapshot and each day takes its slice. So does a bond priced by its own price
// returns (decision 0079). Every other position (bonds priced on yields or the curve, rate
// instruments, derivatives, funds priced by category: their price depends on the valuation day)
// is priced day by day as before. A day has the positions in the snapshot's order, the same
// columns and the same unmapped rows as buildScenarioMatrix gives for it, to the bit; its
// columns are views of the shared ones and the day's own, not copied into a matrix of the day.
// So is its total (decision 0114): the shared columns are summed once over the union of the
// windows, and a day adds its own columns to its slice of that sum.
import {
  type MarketData,
  type PositionInput,
  type ScenarioWindow,
  type UnmappedPosition,
  bondPricedByOwnReturns,
  buildScenarioMatrix,
  classify,
  pnlColumn,
  pricePosition,
  scenarioTotals,
} from '@fonrisk/risk';

/** The part of a day's ScenarioMatrix the backtest uses: its rows as columns (views). */
export interface DayColumns {
  /** How many positions buildScenarioMatrix keeps for the day (its matrix's rows). */
  readonly positions: number;
  /**
   * The instrument code of each position kept and its row of the day's matrix (its scenario
   * P&L), a view valid during the visit; made when asked for: a model that takes the VaR of the
   * total (decision 0114) never asks.
   */
  columns(): { readonly instrumentCodes: readonly string[]; readonly columns: Float64Array[] };
  readonly unmapped: readonly UnmappedPosition[];
  /**
   * The columns' sum, value by value (the portfolio's P&L of each scenario), valid during the
   * visit: equal to the sum in the columns' order up to rounding (the shared columns are added
   * first).
   */
  readonly total: Float64Array;
}

export interface SlidingDay {
  /** The window of the day: endIndex, scenarios and valuationIndex of the backtest. */
  readonly window: ScenarioWindow;
  /** The valuation date (the day before). */
  readonly asOfDate: string;
}

/**
 * Whether the position's scenario P&L over `long` depends on the scenario's dates only (see
 * above): a linear position with a mapping, cash, or a bond priced by its own price returns over
 * the whole long window (bondPricedByOwnReturns; then over each day's window inside it too).
 */
function slides(p: PositionInput, market: MarketData, long: ScenarioWindow): boolean {
  const method = classify(p.mainType);
  if (method === 'bondRepricing') return bondPricedByOwnReturns(p, market, long);
  return (method === 'linear' && p.mappingTicker !== null) || method === 'cash';
}

/**
 * Visits each of `days` (ascending, consecutive one-step windows of equal length) in order with
 * its matrix's rows for the positions of one snapshot.
 */
export function forEachSlidingDay(
  positions: readonly PositionInput[],
  market: MarketData,
  days: readonly SlidingDay[],
  visit: (day: DayColumns) => void,
): void {
  if (days.length === 0) return;
  const first = days[0]!.window;
  const last = days[days.length - 1]!.window;
  const scenarios = first.scenarios;
  const span = last.endIndex - first.endIndex;
  // Positions are told apart by instrument code (a snapshot holds one per code); otherwise
  // every day is built whole.
  if (new Set(positions.map((p) => p.instrumentCode)).size !== positions.length) {
    for (const day of days) {
      const m = buildScenarioMatrix(positions, market, day.window, day.asOfDate);
      visit({
        positions: m.positions.length,
        columns: () => ({
          instrumentCodes: m.positions.map((p) => p.instrumentCode),
          columns: m.positions.map((_, i) => pnlColumn(m, i)),
        }),
        unmapped: m.unmapped,
        total: scenarioTotals(m.pnl, m.positions.length, day.window.scenarios),
      });
    }
    return;
  }
  // One window over every day's scenarios: scenario s of day d is scenario s + offset(d) here.
  // Each sliding position's column over it, or null: the others, and a sliding one whose
  // history does not cover the long window (it may cover a later day's window), are priced day
  // by day, with their numbers only (pricePosition: no ScenarioPosition is made for them).
  const longWindow = { endIndex: last.endIndex, scenarios: scenarios + span, stepDays: 1 };
  const long = positions.map((p) => {
    if (!slides(p, market, longWindow)) return null;
    const priced = pricePosition(p, market, longWindow, days[0]!.asOfDate);
    return priced !== null && 'pnl' in priced ? priced.pnl : null;
  });
  // Their sum over the long window, added in the positions' order.
  const sharedTotal = new Float64Array(longWindow.scenarios);
  for (const column of long)
    if (column)
      for (let k = 0; k < column.length; k++) sharedTotal[k] = sharedTotal[k]! + column[k]!;
  const total = new Float64Array(scenarios);
  for (const day of days) {
    const w = day.window;
    if (w.scenarios !== scenarios || w.stepDays !== 1)
      throw new Error('forEachSlidingDay: windows of one length and one step expected');
    const offset = w.endIndex - first.endIndex;
    // Each position's own column of the day, when it does not slide (null: not kept).
    const own = new Array<Float64Array | null>(positions.length).fill(null);
    const unmapped: UnmappedPosition[] = [];
    let kept = 0;
    total.set(sharedTotal.subarray(offset, offset + scenarios));
    positions.forEach((p, i) => {
      if (long[i]) {
        kept++;
        return;
      }
      const priced = pricePosition(p, market, w, day.asOfDate);
      if (priced === null) return;
      if ('unmapped' in priced) {
        unmapped.push(priced.unmapped);
        return;
      }
      kept++;
      own[i] = priced.pnl;
      for (let k = 0; k < scenarios; k++) total[k] = total[k]! + priced.pnl[k]!;
    });
    visit({
      positions: kept,
      columns: () => {
        const instrumentCodes: string[] = [];
        const columns: Float64Array[] = [];
        positions.forEach((p, i) => {
          const column = long[i]?.subarray(offset, offset + scenarios) ?? own[i];
          if (!column) return;
          instrumentCodes.push(p.instrumentCode);
          columns.push(column);
        });
        return { instrumentCodes, columns };
      },
      unmapped,
      total,
    });
  }
}
