export {
  connectDatabase,
  databaseOver,
  isDatabaseUnavailable,
  isDeadlock,
  createQueueConcurrently,
  isUniqueViolation,
} from './client.ts';
export type { Database, DatabaseHandle, ConnectOptions, Executor, QueryClient } from './client.ts';
export { migrateDatabase } from './migrate.ts';
export { BackupError, createBackup, readBackup, restoreBackup } from './backup.ts';
export {
  BUNDLE_PART_KEY,
  BundlePartMissingError,
  bundlePartRef,
  bundleSlots,
  deleteUnreferencedBundleParts,
  isBundlePartRef,
  newBundleParts,
  readRunBundle,
  replaceBundleSlots,
  runBundleWrites,
  storeNewBundleParts,
  storedBundleParts,
  WINDOW_PART_LISTS,
} from './bundle-parts.ts';
export type { BundlePartRef, BundlePartToStore, RunBundleToStore } from './bundle-parts.ts';
export {
  deflateResultText,
  findResultText,
  inflateResultText,
  resultTextWrites,
  storeResultText,
} from './result-texts.ts';
export type { ResultText } from './result-texts.ts';
export type { BackupFile } from './backup.ts';
export { columnParam, countedUpsert, equalsAnyText, rawSqlExecutor, poolOf } from './raw-sql.ts';
export type { RawSqlExecutor, PoolClient } from './raw-sql.ts';
export { holdConnection, type HeldConnection } from './held-connection.ts';
export { JOB_WAKE_CHANNEL, announceJob, listenForJobs } from './job-wakeup.ts';
export { createJobIdSequence, nextJobId } from './job-order.ts';
export type { JobListener } from './job-wakeup.ts';
export * from './read/index.ts';
export { startEmbeddedPostgres } from './embedded.ts';
export type { EmbeddedPostgresOptions, EmbeddedPostgresHandle } from './embedded.ts';
export {
  users,
  blogPosts,
  auditLog,
  loginFailures,
  demoSteps,
  instruments,
  marketSeries,
  marketValues,
  fxRates,
  portfolios,
  holdings,
  unifiedPortfolios,
  unifiedPortfolioMembers,
  benchmarks,
  benchmarkComponents,
  tickerMappings,
  settings,
  analysisRuns,
  varPoints,
  analysisRunBundles,
  analysisBundleParts,
  analysisRunBundleParts,
  analysisRunResultTexts,
  officialRiskValues,
  stressScenarios,
  ftpConnections,
  ftpFileRules,
  ftpTransfers,
  ftpTransferFiles,
  portfolioCashFlows,
  portfolioFeeRates,
  indexConstituents,
  tefasFunds,
  auditCriteria,
  auditBreaches,
  auditBreachEvents,
  corporateActions,
  marketValuesDerived,
  calendarOverrides,
} from './schema/index.ts';
export type {
  UserRow,
  NewUserRow,
  BlogPostRow,
  AuditLogRow,
  NewAuditLogRow,
  InstrumentRow,
  NewInstrumentRow,
  MarketSeriesRow,
  NewMarketSeriesRow,
  MarketValueRow,
  FxRateDbRow,
  PortfolioRow,
  NewPortfolioRow,
  HoldingDbRow,
  NewHoldingDbRow,
  UnifiedPortfolioRow,
  BenchmarkRow,
  BenchmarkComponentRow,
  TickerMappingRow,
  AnalysisRunRow,
  NewAnalysisRunRow,
  AnalysisRunBundleRow,
  OfficialRiskValueRow,
  StressScenarioRow,
  FtpConnectionRow,
  NewFtpConnectionRow,
  FtpFileRuleRow,
  FtpTransferRow,
  NewFtpTransferRow,
  PortfolioCashFlowRow,
  PortfolioFeeRateRow,
  IndexConstituentRow,
  TefasFundRow,
  AuditCriterionRow,
  AuditBreachRow,
  AuditBreachEventRow,
  CorporateActionRow,
  CalendarOverrideRow,
} from './schema/index.ts';
export {
  readSeriesColumns,
  readSeriesValues,
  PRICE_BASES,
  type SeriesColumn,
  type PriceBasis,
  type SeriesPoint,
} from './readers/series-values.ts';
export {
  MARKET_READ_MARK,
  MARKET_DATA_VERSION_SQL,
  REFERENCE_READ_MARK,
  REFERENCE_DATA_VERSION_SQL,
} from './readers/market-reads.ts';
export {
  SERIES_COLUMNS_MARK,
  SERIES_DAY_ZERO,
  isoOfDay,
  compareTickers,
  isSeriesColumnsRow,
  holdsDaysUpTo,
  latestDaysOnOrBefore,
  seriesColumnsRequest,
  seriesColumnsValues,
  sliceSeriesColumnsRow,
  type SeriesColumnsRequest,
  type SeriesColumnsRow,
} from './readers/series-columns-statement.ts';
export {
  dayBit,
  seriesCoverage,
  yearDays,
  yearMasks,
  YEAR_BITS,
  type YearDays,
} from './readers/series-coverage.ts';
export {
  CALENDAR_START_MARK,
  calendarStartOf,
  calendarStartOfRows,
  calendarStartRequest,
  calendarStartValues,
  LATEST_DAYS_MARK,
  latestDaysOfAnswer,
  latestDaysStatement,
  type CalendarStartRequest,
} from './readers/calendar-start-statement.ts';
// Query helpers re-exported so that repositories use the same drizzle-orm copy as the schema.
export {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
  TransactionRollbackError,
} from 'drizzle-orm';
export {
  writeFileAtomic,
  isStorageFull,
  storageFullReason,
  StorageFullError,
  NODE_FS,
} from './files/atomic-write.ts';
export type { AtomicWriteFs, AtomicWriteOptions, FileContent } from './files/atomic-write.ts';
export {
  reportTemplates,
  pdfSettings,
  reports,
  reportKeys,
  reportSchedules,
} from './schema/reports.ts';
export type {
  ReportTemplateRow,
  ReportRow,
  ReportKeyRow,
  ReportScheduleRow,
  PdfSettingsRow,
} from './schema/reports.ts';
export { reportFiles } from './schema/report-files.ts';
export type { ReportFileRow } from './schema/report-files.ts';
