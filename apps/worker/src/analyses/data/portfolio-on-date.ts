import type { Database } from '@fonrisk/db';
import { AnalysisInputError } from '../../runner/errors.ts';
import type { MarketData } from '@fonrisk/risk';
import {
  type PortfolioRef,
  type Snapshot,
  latestHoldingsDate,
  loadMarketData,
  loadSnapshots,
  neededTickers,
  resolvePortfolios,
} from './load.ts';

export interface PortfolioOnDate {
  readonly ref: PortfolioRef;
  readonly snapshot: Snapshot;
  readonly market: MarketData;
}

/** A portfolio's latest holdings on or before `date` with `lookback` market dates before it. */
export async function portfolioOnDate(
  db: Database,
  code: string,
  date: string,
  lookback: number,
): Promise<PortfolioOnDate> {
  const [ref] = await resolvePortfolios(db, [code]);
  const d = await latestHoldingsDate(db, ref!, date);
  if (d === null)
    throw new AnalysisInputError(
      `${code} portföyünün ${date} veya öncesine ait portföy dağılımı yok.`,
    );
  const snapshot = (await loadSnapshots(db, ref!, [d])).get(d)!;
  const market = await loadMarketData(
    db,
    await neededTickers(db, snapshot.positions),
    d,
    d,
    lookback,
  );
  return { ref: ref!, snapshot, market };
}
