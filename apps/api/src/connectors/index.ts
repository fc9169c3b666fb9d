/**
 * Market-data connectors: TCMB daily FX rates and TEFAS fund prices, each behind one interface,
 * with base URLs from settings, an injectable `fetch`, timeouts and typed Turkish errors; plus
 * `diffSeries` to report what a fetch would change in stored history.
 */
export {
  TcmbFxRateSource,
  parseTcmbBulletin,
  bulletinToFxRateRows,
  tcmbArchivePath,
} from './tcmb.ts';
export type { FxRateSource, FxBulletin, TcmbRate } from './tcmb.ts';
export { TefasFundPriceSource, parseTefasJsonPrices, parseTefasLegacyPrices } from './tefas.ts';
export type { FundPriceSource, FundPrice, FundPriceQuery, FundPriceResult } from './tefas.ts';
export { diffSeries } from './diff-series.ts';
export type { SeriesPoint, SeriesDiff, ChangedPoint } from './diff-series.ts';
export { ConnectorSettingsSchema, DEFAULT_CONNECTOR_SETTINGS } from './settings.ts';
export type { ConnectorSettings } from './settings.ts';
export { RateLimiter, SYSTEM_CLOCK } from './http.ts';
export type { Clock, FetchFn } from './http.ts';
export {
  ConnectorError,
  ConnectorTimeoutError,
  ConnectorNetworkError,
  ConnectorHttpError,
  ConnectorFormatError,
  TefasApiError,
  TefasUnavailableError,
  FxRatesNotFoundError,
} from './errors.ts';
export type { ConnectorSource } from './errors.ts';
export { TefasFundInfoSource, parseTefasFundList, parseTefasFundProfile } from './tefas-funds.ts';
export type { TefasFundListItem, TefasFundProfile } from './tefas-funds.ts';
