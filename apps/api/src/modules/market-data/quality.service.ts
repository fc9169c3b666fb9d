// The data quality of the market series (gaps, stale runs, jumps, last date), checked over their
// whole history; the checks of a kind are kept for the data they were made on (decision 0140).
import type { MarketSeriesKind, SeriesQualityDetail } from '@fonrisk/contracts';
import {
  MARKET_DATA_VERSION_SQL,
  REFERENCE_DATA_VERSION_SQL,
  sql,
  type Database,
} from '@fonrisk/db';
import { createTurkishCalendar } from '@fonrisk/risk';
import { istanbulToday } from '../../connectors/dates.ts';
import { listOverrides } from '../calendar/calendar.repository.ts';
import {
  businessDaysOf,
  hasPossibleStaleRun,
  loadSeriesPoints,
  movedDays,
  seriesQuality,
} from './quality.ts';
import { readValidation } from './series.service.ts';

/**
 * What a kind's checks depend on: the market values' and the series' versions (every write of
 * market_values, fx_rates, market_series moves them: decisions 0078, 0115), the calendar's
 * overrides, the validation rules and today. Read before the values, so that checks made on
 * values newer than the version they are kept under are only made again, never served stale.
 */
async function inputsOf(db: Database, now: number) {
  const [versions, overrides, rules] = await Promise.all([
    db.execute<{ market: string; reference: string }>(
      sql.raw(
        `SELECT (${MARKET_DATA_VERSION_SQL}) AS market, (${REFERENCE_DATA_VERSION_SQL}) AS reference`,
      ),
    ),
    listOverrides(db),
    readValidation(db),
  ]);
  const today = istanbulToday(now);
  const [v] = versions.rows;
  return { key: JSON.stringify([v, overrides, rules, today]), overrides, rules, today };
}

export interface SeriesQualityService {
  /**
   * Quality of the active series of a kind (all kinds when none is given): a series' stale runs
   * count against the moves of every series of its kind. Kept per kind until the data it was
   * checked on changes: a house's 3,000 series over ten years are six million values, read and
   * checked in ~1.7 s, and the screen asks again for each filter.
   */
  ofKind(kind: MarketSeriesKind | undefined): Promise<readonly SeriesQualityDetail[]>;
  /**
   * Quality of one series; the moves of its kind are read only when it has a run of equal values
   * long enough to be stale. Not kept: one series is read in milliseconds.
   */
  ofSeries(kind: MarketSeriesKind, ticker: string): Promise<SeriesQualityDetail | undefined>;
}

export function seriesQualityService(db: Database, now: () => number): SeriesQualityService {
  const kept = new Map<string, { key: string; checks: Promise<SeriesQualityDetail[]> }>();

  async function check(
    kind: MarketSeriesKind | undefined,
    onlyTicker: string | undefined,
    inputs: Awaited<ReturnType<typeof inputsOf>>,
  ): Promise<SeriesQualityDetail[]> {
    const own = await loadSeriesPoints(
      db,
      onlyTicker === undefined ? { kind } : { tickers: [onlyTicker] },
    );
    const calendar = createTurkishCalendar(inputs.overrides);
    const needsMoves = onlyTicker === undefined || own.some(hasPossibleStaleRun);
    const moved = !needsMoves
      ? new Map<MarketSeriesKind, Set<number>>()
      : movedDays(onlyTicker === undefined ? own : await loadSeriesPoints(db, { kind }));
    const open = businessDaysOf(calendar, own, inputs.today);
    return own.map((p) =>
      seriesQuality(p, calendar, open, inputs.rules, moved.get(p.kind) ?? new Set(), inputs.today),
    );
  }

  return {
    async ofKind(kind) {
      const inputs = await inputsOf(db, now());
      const name = kind ?? '';
      const hit = kept.get(name);
      if (hit !== undefined && hit.key === inputs.key) return hit.checks;
      // The promise is kept: requests while it runs wait for the same checks.
      const checks = check(kind, undefined, inputs);
      kept.set(name, { key: inputs.key, checks });
      checks.catch(() => {
        if (kept.get(name)?.checks === checks) kept.delete(name);
      });
      return checks;
    },
    async ofSeries(kind, ticker) {
      const [found] = await check(kind, ticker, await inputsOf(db, now()));
      return found;
    },
  };
}
