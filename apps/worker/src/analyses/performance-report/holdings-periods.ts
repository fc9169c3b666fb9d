// A portfolio's holdings between consecutive holdings dates: its snapshots with sectors, income
// events and derivative prices read once, and each period's position returns (positionPeriod).
import type { Database } from '@fonrisk/db';
import { loadSnapshots, type PortfolioRef } from '../data/load.ts';
import {
  holdingLines,
  positionPeriod,
  type HoldingLine,
  type PositionPeriod,
} from './attribution.ts';
import { instrumentsOf, loadDerivativePrices, loadIncomeEvents } from './income-events.ts';
import { sectorsOf } from './performance-data.ts';

/** The positions' weights and total returns from holdings date d0 to holdings date d1. */
export type HoldingsPeriod = (d0: string, d1: string) => PositionPeriod[];

/** Reads the portfolio's holdings on `dates` (at least two, ascending) and what their periods need. */
export async function loadHoldingsPeriods(
  db: Database,
  ref: PortfolioRef,
  dates: readonly string[],
): Promise<HoldingsPeriod> {
  const snapshots = await loadSnapshots(db, ref, dates);
  const codes = [
    ...new Set([...snapshots.values()].flatMap((s) => s.positions.map((p) => p.instrumentCode))),
  ];
  const sectors = await sectorsOf(db, codes);
  const lines = (d: string): HoldingLine[] => holdingLines(snapshots.get(d)!, sectors);
  const income = await loadIncomeEvents(
    db,
    instrumentsOf([...snapshots.values()]),
    dates[0]!,
    dates.at(-1)!,
  );
  const derivativePrice = await loadDerivativePrices(
    db,
    [...snapshots.values()],
    dates[0]!,
    dates.at(-1)!,
  );
  return (d0, d1) => positionPeriod(lines(d0), lines(d1), d0, d1, income, derivativePrice);
}
