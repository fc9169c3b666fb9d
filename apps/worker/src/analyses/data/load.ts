// What Module 1 runs read, through the one data access path in @fonrisk/db (the API reads the
// same functions); here only what is the worker's own: a missing portfolio fails the run.
import {
  PRICE_BASIS_BY_CONVENTION,
  storedSettingsProblemText,
  type PriceBasis,
  type VarSettings,
} from '@fonrisk/contracts';
import {
  type Database,
  type PortfolioRef,
  type PositionsSnapshot,
  curvePointTickers,
  findPortfolioRefs,
  holdingsDates as readHoldingsDates,
  latestHoldingsDate as readLatestHoldingsDate,
  readMarketWindow,
  readPositions,
  readVarSettings,
} from '@fonrisk/db';
import { AnalysisInputError } from '../../runner/errors.ts';
import { type MarketData, type PositionInput } from '@fonrisk/risk';

export { instrumentDetails } from '@fonrisk/db';
export type { PortfolioRef } from '@fonrisk/db';
export type Snapshot = PositionsSnapshot;

/**
 * The stored VaR settings (the SPK defaults when none were saved). Settings that no longer
 * validate stop the run with the Turkish list of the fields, never silently the defaults.
 */
export async function loadVarSettings(db: Database): Promise<VarSettings> {
  const read = await readVarSettings(db);
  if (read.storedProblems)
    throw new AnalysisInputError(storedSettingsProblemText(read.storedProblems));
  return read.settings;
}

/** Resolves portfolio or unified-portfolio codes; unknown codes fail the run. */
export async function resolvePortfolios(
  db: Database,
  codes: readonly string[],
): Promise<PortfolioRef[]> {
  const found = await findPortfolioRefs(db, codes);
  return codes.map((code) => {
    const ref = found.get(code);
    if (!ref) throw new AnalysisInputError(`${code} kodlu portföy bulunamadı.`);
    return ref;
  });
}

/** Holdings dates of the portfolio (all members must have a snapshot) within [from, to], ascending. */
export function holdingsDates(
  db: Database,
  p: PortfolioRef,
  from: string,
  to: string,
): Promise<string[]> {
  return readHoldingsDates(db, p.members, from, to);
}

/** The latest holdings date on or before `date`, or null. */
export function latestHoldingsDate(
  db: Database,
  p: PortfolioRef,
  date: string,
): Promise<string | null> {
  return readLatestHoldingsDate(db, p.members, date);
}

/** Holdings of the portfolio on `dates` summed per instrument (members summed). */
export function loadSnapshots(
  db: Database,
  p: PortfolioRef,
  dates: readonly string[],
): Promise<Map<string, Snapshot>> {
  return readPositions(db, p.members, dates);
}

/** Every ticker the positions need: mappings, underlyings and the curve points. */
export async function neededTickers(
  db: Database,
  positions: readonly PositionInput[],
): Promise<string[]> {
  const tickers = new Set<string>();
  for (const p of positions) {
    if (p.mappingTicker) tickers.add(p.mappingTicker);
    if (p.underlyingTicker) tickers.add(p.underlyingTicker);
  }
  for (const t of await curvePointTickers(db)) tickers.add(t);
  return [...tickers];
}

/**
 * Market data of `tickers` from `lookback` dates before `from` through `to`, with FX. Price series
 * are read on `basis`: VaR and backtests use prices adjusted for splits, bonus and rights issues
 * (PRICE_BASIS_BY_CONVENTION.varAndBacktest), so a bedelsiz issue is not a false crash.
 */
export function loadMarketData(
  db: Database,
  tickers: readonly string[],
  from: string,
  to: string,
  lookback: number,
  basis: PriceBasis = PRICE_BASIS_BY_CONVENTION.varAndBacktest,
): Promise<MarketData> {
  return readMarketWindow(db, tickers, from, to, lookback, basis);
}
