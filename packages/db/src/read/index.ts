// The one data access path (docs/ARCHITECTURE.md): the API and the worker read settings,
// portfolios, holdings and market series through these functions.
export { readSetting, readVarSettings } from './settings.ts';
export {
  findPortfolioRefs,
  holdingsDates,
  latestHoldingsDate,
  latestHoldingsDates,
  readPositions,
  readPositionsOfPortfolios,
  instrumentDetails,
} from './holdings.ts';
export type {
  PortfolioRef,
  HeldPosition,
  PositionsSnapshot,
  InstrumentDetail,
} from './holdings.ts';
export {
  readMarketValues,
  readFxRates,
  curvePointTickers,
  readMarketWindow,
  readSeriesHistory,
  chainPercentReturns,
  RETURN_SERIES_KIND,
} from './market.ts';
export type { SeriesWindow, MarketWindow } from './market.ts';
export { readCalendarOverrides } from './calendar.ts';
export { latestVarPoints } from './var-points.ts';
export type { VarPointFilter } from './var-points.ts';
export type { StoredCalendarOverride } from './calendar.ts';
