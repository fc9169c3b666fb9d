import { InsufficientHistoryError } from '../errors.ts';
import { annualizedVolatility } from '../stats/performance.ts';
import { addMonths, parseIsoDate } from '../dates/date.ts';
import { riskValueForVolatility, SPK_RISK_VALUE_BANDS, type RiskValueBandTable } from './bands.ts';
import type { WeeklyReturn } from './weekly-returns.ts';

export interface RiskValuePoint {
  /** Date of the week's last price. */
  readonly date: string;
  /** Annualised volatility, fraction. */
  readonly volatility: number;
  /** Class (1–7) of this week's volatility. */
  readonly riskValue: number;
  /** Weekly returns in the window (fund plus benchmark fill). */
  readonly weeks: number;
  /** How many of them came from the benchmark. */
  readonly benchmarkWeeks: number;
  /** Official class after applying the 4-month rule up to this week. */
  readonly officialRiskValue: number;
}

export interface RiskValueOptions {
  /** Benchmark weekly returns used to fill weeks before the fund's history (§9.3.2.3). */
  readonly benchmark?: readonly WeeklyReturn[] | undefined;
  /** Window length T in weeks; default 260 (5 years). */
  readonly windowWeeks?: number | undefined;
  /** Annualisation factor m; default 52. */
  readonly periodsPerYear?: number | undefined;
  /** Fewest weekly returns for a calculation; default 52 (a setting, the Rehber gives none). */
  readonly minWeeks?: number | undefined;
  /** Look-back of the update rule in months; default 4 (§9.3.2.2). */
  readonly updateMonths?: number | undefined;
  readonly bandTables?: readonly RiskValueBandTable[] | undefined;
}

export interface RiskValueResult {
  readonly volatility: number;
  readonly riskValue: number;
  readonly officialRiskValue: number;
  readonly weeks: number;
  readonly history: RiskValuePoint[];
}

/**
 * Official class under Rehber §9.3.2.2: start from the first computed class; at each week, when
 * every weekly class of the last `months` months (window (t − months, t], and only once that much
 * history exists) differs from the official class, the official class becomes the most frequent
 * class of the window (ties: the most recent of the tied classes).
 */
export function officialRiskValues(
  points: readonly { readonly date: string; readonly riskValue: number }[],
  months = 4,
): number[] {
  const days = points.map((p) => parseIsoDate(p.date));
  const result: number[] = [];
  let official = points[0]?.riskValue ?? 0;
  points.forEach((point, i) => {
    const from = addMonths(days[i]!, -months);
    if (days[0]! <= from) {
      const window = points.filter((_, j) => j <= i && days[j]! > from).map((p) => p.riskValue);
      if (!window.includes(official)) {
        const counts = new Map<number, number>();
        for (const v of window) counts.set(v, (counts.get(v) ?? 0) + 1);
        let best = point.riskValue;
        for (const v of [...window].reverse()) if (counts.get(v)! > counts.get(best)!) best = v;
        official = best;
      }
    }
    result.push(official);
  });
  return result;
}

/**
 * SPK risk value (risk değeri, 1–7) history from weekly returns (Rehber §9.3.2): for each week the
 * last `windowWeeks` weekly returns (fund first, then, for a short history, the benchmark's returns
 * of the weeks before the fund's first week) give the annualised volatility and its class; the
 * official class follows the 4-month rule (`officialRiskValues`). Weeks with fewer than `minWeeks`
 * returns produce no point. Simulated returns for a benchmark that is itself short (§9.3.2.3) are
 * not produced.
 * @throws InsufficientHistoryError when not even the last week has `minWeeks` returns.
 */
export function riskValueHistory(
  fund: readonly WeeklyReturn[],
  options: RiskValueOptions = {},
): RiskValueResult {
  const windowWeeks = options.windowWeeks ?? 260;
  const m = options.periodsPerYear ?? 52;
  const minWeeks = Math.max(2, options.minWeeks ?? 52);
  const tables = options.bandTables ?? SPK_RISK_VALUE_BANDS;
  const firstWeek = fund[0]?.weekStart;
  const fill = (options.benchmark ?? [])
    .filter((b) => firstWeek !== undefined && b.weekStart < firstWeek)
    .map((b) => b.return);
  const points: Omit<RiskValuePoint, 'officialRiskValue'>[] = [];
  // The fill's returns, then the fund's: a week's window is the last `windowWeeks` of them up to
  // the week (the fund's own, and for a short history the fill's latest before them), read in
  // place rather than copied for each of the ~500 weeks.
  const returns = Float64Array.from([...fill, ...fund.map((w) => w.return)]);
  fund.forEach((week, i) => {
    const end = fill.length + i + 1;
    const window = returns.subarray(Math.max(0, end - windowWeeks), end);
    const ownWeeks = Math.min(i + 1, windowWeeks);
    if (window.length < minWeeks) return;
    // SPK formula σ = sqrt(m/(T − 1) Σ (r − r̄)²): the sample standard deviation × √m.
    const volatility = annualizedVolatility(window, { periodsPerYear: m });
    points.push({
      date: week.date,
      volatility,
      riskValue: riskValueForVolatility(volatility, week.date, tables),
      weeks: window.length,
      benchmarkWeeks: window.length - ownWeeks,
    });
  });
  const last = points.at(-1);
  if (last === undefined)
    throw new InsufficientHistoryError(minWeeks, fund.length + fill.length, 'weekly returns');
  const official = officialRiskValues(points, options.updateMonths ?? 4);
  return {
    volatility: last.volatility,
    riskValue: last.riskValue,
    officialRiskValue: official.at(-1)!,
    weeks: last.weeks,
    history: points.map((p, i) => ({ ...p, officialRiskValue: official[i]! })),
  };
}
