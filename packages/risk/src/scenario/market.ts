/**
 * Market data held in memory for one analysis: every needed series and FX rate aligned to one
 * calendar (ascending ISO dates). A value missing on a calendar date is NaN; readers carry the
 * last known value forward, so the next return spans the gap (decision 0003).
 */
export interface SeriesData {
  readonly ticker: string;
  /** price | yield | fxRate | index | curvePoint (yields and curve points in percent). */
  readonly kind: string;
  readonly currency: string;
  readonly tenorDays: number | null;
  /** Aligned to `MarketData.dates`; NaN where the series has no value that day. */
  readonly values: Float64Array;
}

export interface MarketData {
  readonly dates: readonly string[];
  readonly series: ReadonlyMap<string, SeriesData>;
  /** TRY per unit of currency, aligned to `dates` (TRY itself is absent: always 1). */
  readonly fx: ReadonlyMap<string, Float64Array>;
}

/** Index of the last calendar date on or before `date`, -1 when none. */
export function indexOnOrBefore(dates: readonly string[], date: string): number {
  let lo = 0;
  let hi = dates.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (dates[mid]! <= date) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** The value at t, or the last value before it; NaN when there is none. */
export function valueAt(values: Float64Array, t: number): number {
  for (let k = t; k >= 0; k--) {
    const v = values[k]!;
    if (!Number.isNaN(v)) return v;
  }
  return Number.NaN;
}

/** Index of the first real (non-NaN) value, or -1. */
export function firstObservation(values: Float64Array): number {
  for (let k = 0; k < values.length; k++) if (!Number.isNaN(values[k]!)) return k;
  return -1;
}

/** TRY per unit of `currency` at t (1 for TRY), carried forward. */
export function fxAt(market: MarketData, currency: string, t: number): number {
  if (currency === 'TRY') return 1;
  const values = market.fx.get(currency);
  return values ? valueAt(values, t) : Number.NaN;
}

/**
 * The scenario window: scenario s (0 = oldest) moves the market from date index
 * `base(s)` to `base(s) + stepDays`. One-day scenarios have stepDays 1; overlapping h-day
 * scenarios have stepDays h. The last scenario ends at `endIndex`.
 */
export interface ScenarioWindow {
  readonly endIndex: number;
  readonly scenarios: number;
  readonly stepDays: number;
  /** Date index at which positions are valued (prices, volatility); default `endIndex`. */
  readonly valuationIndex?: number | undefined;
  /** Stress tests: added to options' implied volatility in the scenario, in volatility points. */
  readonly volatilityShiftPoints?: number | undefined;
}

/** The valuation date index of a window. */
export function valuationIndex(w: ScenarioWindow): number {
  return w.valuationIndex ?? w.endIndex;
}

export function scenarioStart(w: ScenarioWindow, s: number): number {
  return w.endIndex - w.stepDays - (w.scenarios - 1 - s);
}

/**
 * Whether a series has a value at or before the start of the window's first scenario (and the
 * window starts inside the dates): where `windowReturns` and `windowChanges` give a value.
 */
export function coversWindow(values: Float64Array, w: ScenarioWindow): boolean {
  const first = scenarioStart(w, 0);
  if (first < 0) return false;
  const start = firstObservation(values);
  return start >= 0 && start <= first;
}

/**
 * Simple returns of a level series over the window's scenarios (carried-forward values);
 * null when the series has no value at or before the first scenario's start.
 */
export function windowReturns(values: Float64Array, w: ScenarioWindow): Float64Array | null {
  return windowMoves(values, w, true);
}

/** Changes (differences) of a rate series over the window's scenarios, in the series' unit. */
export function windowChanges(values: Float64Array, w: ScenarioWindow): Float64Array | null {
  return windowMoves(values, w, false);
}

/**
 * Scenario s's move from valueAt(base) to valueAt(base + stepDays): next / base − 1 (`ratio`) or
 * next − base. With one-day steps consecutive scenarios share a date, so each level is carried
 * forward once in a single pass (the same values valueAt gives; every pricing of a window reads
 * these, the backtest's many times a day).
 */
function windowMoves(values: Float64Array, w: ScenarioWindow, ratio: boolean): Float64Array | null {
  if (!coversWindow(values, w)) return null;
  const out = new Float64Array(w.scenarios);
  if (w.stepDays === 1) {
    const first = scenarioStart(w, 0);
    let level = valueAt(values, first);
    for (let s = 0; s < out.length; s++) {
      const v = values[first + s + 1]!;
      const next = Number.isNaN(v) ? level : v;
      out[s] = ratio ? next / level - 1 : next - level;
      level = next;
    }
    return out;
  }
  for (let s = 0; s < w.scenarios; s++) {
    const a = scenarioStart(w, s);
    const base = valueAt(values, a);
    const next = valueAt(values, a + w.stepDays);
    out[s] = ratio ? next / base - 1 : next - base;
  }
  return out;
}
