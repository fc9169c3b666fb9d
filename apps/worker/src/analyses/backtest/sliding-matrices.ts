// The backtest's daily scenario matrices, built with the window sliding (decision 0074): the
// P&L of a linear or cash position in scenario s depends on the market dates of the scenario
// only (value × the series' (or FX) return from one date to the next), not on the day the
// window ends, so such a position is priced once over the union of the windows of the days that
// hold the same snapshot and each day takes its slice. So does a bond priced by its own price
// returns (decision 0079). Every other position (bonds priced on yields or the curve, rate
// instruments, derivatives, funds priced by category: their price depends on the valuation day)
// is priced day by day as before. A day has the positions in the snapshot's order, the same
// columns and the same unmapped rows as buildScenarioMatrix gives for it, to the bit; its
// columns are views of the shared and the day's own matrix, not copied into a matrix of the day.
import {
  type MarketData,
  type PositionInput,
  type ScenarioPosition,
  type ScenarioWindow,
  type UnmappedPosition,
  bondPricedByOwnReturns,
  buildScenarioMatrix,
  classify,
  pnlColumn,
} from '@fonrisk/risk';

/** The part of a day's ScenarioMatrix the backtest uses: its rows as columns (views). */
export interface DayColumns {
  readonly positions: readonly ScenarioPosition[];
  /** Row i of the day's matrix (position i's scenario P&L), a view valid during the visit. */
  readonly columns: readonly Float64Array[];
  readonly unmapped: readonly UnmappedPosition[];
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
      const columns = m.positions.map((_, i) => pnlColumn(m, i));
      visit({ positions: m.positions, columns, unmapped: m.unmapped });
    }
    return;
  }
  // One window over every day's scenarios: scenario s of day d is scenario s + offset(d) here.
  const longWindow = { endIndex: last.endIndex, scenarios: scenarios + span, stepDays: 1 };
  const sliding = positions.filter((p) => slides(p, market, longWindow));
  const long = buildScenarioMatrix(sliding, market, longWindow, days[0]!.asOfDate);
  const longColumn = new Map<string, { position: ScenarioPosition; column: Float64Array }>();
  long.positions.forEach((p, i) => {
    longColumn.set(p.instrumentCode, {
      position: p,
      column: long.pnl.subarray(i * long.scenarios, (i + 1) * long.scenarios),
    });
  });
  // Priced day by day: the others, and a sliding one whose history does not cover the long
  // window (it may cover a later day's window).
  const daily = positions.filter((p) => !longColumn.has(p.instrumentCode));
  for (const day of days) {
    const w = day.window;
    if (w.scenarios !== scenarios || w.stepDays !== 1)
      throw new Error('forEachSlidingDay: windows of one length and one step expected');
    const own = buildScenarioMatrix(daily, market, w, day.asOfDate);
    const ownIndex = new Map(own.positions.map((p, i) => [p.instrumentCode, i]));
    const ownUnmapped = new Map(own.unmapped.map((u) => [u.instrumentCode, u]));
    const offset = w.endIndex - first.endIndex;
    const kept: ScenarioPosition[] = [];
    const columns: Float64Array[] = [];
    const unmapped: UnmappedPosition[] = [];
    for (const p of positions) {
      const shared = longColumn.get(p.instrumentCode);
      if (shared) {
        kept.push(shared.position);
        columns.push(shared.column.subarray(offset, offset + scenarios));
        continue;
      }
      const i = ownIndex.get(p.instrumentCode);
      if (i !== undefined) {
        kept.push(own.positions[i]!);
        columns.push(pnlColumn(own, i));
        continue;
      }
      const u = ownUnmapped.get(p.instrumentCode);
      if (u) unmapped.push(u);
    }
    visit({ positions: kept, columns, unmapped });
  }
}
