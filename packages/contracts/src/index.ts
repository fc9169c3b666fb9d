export { Role, ALL_ROLES, RUN_ROLES, USER_ADMIN_ROLES, ROLE_LABELS, isRole } from './roles.ts';
export {
  MODULES,
  MODULE_LABELS,
  isModuleNumber,
  parseModuleList,
  formatModuleList,
} from './modules.ts';
export type { ModuleNumber } from './modules.ts';
export { ROUTES, findRoute, MenuGroup, MENU_GROUP_TITLES } from './routes.ts';
export type { RouteAccess, RouteDefinition } from './routes.ts';
export { decideAccess, isAllowed } from './access.ts';
export type { AccessSubject, AccessDecision } from './access.ts';
export { COLUMN_LABELS, COLUMN_KEYS, columnLabel } from './column-labels.ts';
export type { ColumnKey } from './column-labels.ts';
export { ProblemSchema } from './problem.ts';
export type { Problem } from './problem.ts';
export {
  RoleSchema,
  ModuleNumberSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  TokenClaimsSchema,
  STORAGE_KEYS,
  UserSchema,
  UserModulesSchema,
  CreateUserRequestSchema,
  UpdateUserRequestSchema,
  UpdateUserModulesRequestSchema,
  ChangePasswordRequestSchema,
  BlogPostSchema,
} from './auth.ts';
export type {
  LoginRequest,
  LoginResponse,
  TokenClaims,
  User,
  UserModules,
  CreateUserRequest,
  UpdateUserRequest,
  UpdateUserModulesRequest,
  ChangePasswordRequest,
  BlogPost,
} from './auth.ts';
export {
  isIsoDate,
  isValidIsin,
  IsoDateSchema,
  CurrencyCodeSchema,
  IsinSchema,
  CodeSchema,
} from './market-values.ts';
export type { IsoDate, CurrencyCode } from './market-values.ts';
export {
  InstrumentMainType,
  INSTRUMENT_MAIN_TYPES,
  INSTRUMENT_MAIN_TYPE_LABELS,
  TermsKind,
  TERMS_KIND_BY_MAIN_TYPE,
  CouponType,
  COUPON_TYPE_LABELS,
  DayCount,
  DAY_COUNT_LABELS,
  COUPON_FREQUENCIES,
  OptionType,
  OPTION_TYPE_LABELS,
  ExerciseStyle,
  EXERCISE_STYLE_LABELS,
  FundCategory,
  FUND_CATEGORY_LABELS,
  FUND_CATEGORY_TEFAS_CODES,
  TefasFundType,
  TEFAS_FUND_TYPE_LABELS,
  InstrumentMainTypeSchema,
  BondTermsSchema,
  OptionTermsSchema,
  FutureTermsSchema,
  FundTermsSchema,
  InstrumentTermsSchema,
  InstrumentSchema,
} from './instruments.ts';
export type {
  CouponFrequency,
  BondTerms,
  OptionTerms,
  FutureTerms,
  FundTerms,
  InstrumentTerms,
  Instrument,
} from './instruments.ts';
export {
  MarketSeriesKind,
  MARKET_SERIES_KIND_LABELS,
  MarketSeriesKindSchema,
  MarketSeriesSchema,
  PriceRowSchema,
  PriceImportRowSchema,
  FxRateRowSchema,
  HoldingRowSchema,
} from './market-data.ts';
export type {
  MarketSeries,
  PriceRow,
  PriceImportRow,
  FxRateRow,
  HoldingRow,
} from './market-data.ts';
export { ImportKind, IMPORT_KINDS, IMPORT_KIND_LABELS, IMPORT_COLUMNS } from './import-columns.ts';
export type { CellType, ImportColumn } from './import-columns.ts';
export { BlogPostRequestSchema } from './blog.ts';
export type { BlogPostRequest } from './blog.ts';
export {
  PortfolioKind,
  PORTFOLIO_KIND_LABELS,
  PortfolioKindSchema,
  StoredPortfolioKindSchema,
  PortfolioListQuerySchema,
  PortfolioSummarySchema,
  CreatePortfolioRequestSchema,
  UpdatePortfolioRequestSchema,
  HoldingsDateSchema,
  HoldingViewSchema,
  HoldingsSnapshotSchema,
  CompareQuerySchema,
  HoldingChangeStatusSchema,
  HoldingComparisonRowSchema,
  HoldingsComparisonSchema,
  UnifiedPortfolioSchema,
  UnifiedPortfolioRequestSchema,
  NEW_PORTFOLIOS_FIELD,
  UnknownPortfolioSchema,
  fundPortfolioCode,
  fundPortfolioProposal,
} from './portfolios.ts';
export type {
  PortfolioSummary,
  CreatePortfolioRequest,
  UpdatePortfolioRequest,
  HoldingView,
  HoldingsSnapshot,
  HoldingChangeStatus,
  HoldingComparisonRow,
  HoldingsComparison,
  UnifiedPortfolio,
  UnifiedPortfolioRequest,
  UnknownPortfolio,
  FundPortfolioProposal,
} from './portfolios.ts';
export {
  InstrumentListQuerySchema,
  INSTRUMENT_PAGE_MAX,
  CashflowsQuerySchema,
  CashflowSchema,
  BondCashflowsSchema,
} from './instruments-api.ts';
export type { InstrumentListQuery, Cashflow, BondCashflows } from './instruments-api.ts';
export {
  SeriesListQuerySchema,
  SeriesSummarySchema,
  DateRangeQuerySchema,
  FxRatesQuerySchema,
  SeriesValueSchema,
  FxRateViewSchema,
  SearchQuerySchema,
  SearchResultSchema,
  TcmbFetchRequestSchema,
  TefasFetchRequestSchema,
  FetchResultSchema,
} from './market-series-api.ts';
export type {
  SeriesSummary,
  SeriesValue,
  FxRateView,
  SearchResult,
  TcmbFetchRequest,
  TefasFetchRequest,
  FetchResult,
} from './market-series-api.ts';
export {
  MappingKindSchema,
  MAPPING_KIND_LABELS,
  TickerMappingSchema,
  UnmappedQuerySchema,
  UnmappedHoldingSchema,
  TickerMappingRequestSchema,
  BulkMappingRequestSchema,
  BulkMappingResultSchema,
} from './mappings.ts';
export type {
  MappingKind,
  TickerMapping,
  UnmappedHolding,
  TickerMappingRequest,
  BulkMappingRequest,
  BulkMappingResult,
} from './mappings.ts';
export {
  BenchmarkKindSchema,
  RebalancingSchema,
  REBALANCING_LABELS,
  BENCHMARK_KIND_LABELS,
  BenchmarkSchema,
  WEIGHT_SUM_TOLERANCE,
  BenchmarkRequestSchema,
  BenchmarkReturnsQuerySchema,
  BenchmarkReturnPointSchema,
  BenchmarkUnmappedInstrumentSchema,
  BenchmarkReturnsSchema,
  ReferenceBenchmarkSchema,
  ReferenceBenchmarkRequestSchema,
} from './benchmarks.ts';
export type {
  BenchmarkKind,
  Rebalancing,
  Benchmark,
  BenchmarkRequest,
  BenchmarkReturnPoint,
  BenchmarkUnmappedInstrument,
  BenchmarkReturns,
  ReferenceBenchmark,
  ReferenceBenchmarkRequest,
} from './benchmarks.ts';
export {
  ImportKindSchema,
  TemplateQuerySchema,
  ImportQuerySchema,
  PortfolioDateRefSchema,
  ImportResponseSchema,
  CachedFormulaCellSchema,
  CACHED_FORMULA_CELLS_LISTED,
  type CachedFormulaCell,
  FieldChangeSchema,
  ImportConflictSchema,
  NumberFormatSchema,
  IMPORT_SETTINGS_KEY,
  ImportSettingsSchema,
  DEFAULT_IMPORT_SETTINGS,
  AmbiguousNumberSchema,
} from './imports-api.ts';
export type {
  ImportResponse,
  ImportConflict,
  NumberFormat,
  ImportSettings,
  AmbiguousNumber,
  FieldChange,
} from './imports-api.ts';
export {
  ColumnFormat,
  ColumnFormatSchema,
  ResultColumnSchema,
  ResultTableSchema,
  ResultTablesSchema,
  buildTable,
  col,
  defineTable,
  withoutColumns,
} from './analyses/result-tables.ts';
export type {
  ColumnOf,
  OnlyColumns,
  ResultColumn,
  ResultTable,
  ResultTables,
  TableDefinition,
} from './analyses/result-tables.ts';
export * from './analyses/parameters.ts';
export * from './analyses/var.ts';
export * from './analyses/backtest.ts';
export * from './analyses/leverage.ts';
export * from './analyses/incremental-var.ts';
export * from './analyses/var-settings.ts';
export * from './analyses/rmd-tracking.ts';
export * from './analyses/var-change.ts';
export * from './analyses/pre-trade.ts';
export * from './analyses/resolve.ts';
export {
  RunStatus,
  RUN_STATUSES,
  RUN_STATUS_LABELS,
  FINAL_RUN_STATUSES,
  isFinalRunStatus,
  RunStatusSchema,
  RunSummarySchema,
  RunSchema,
  RunCreatedSchema,
  RUN_LIST_DEFAULT_LIMIT,
  RUN_LIST_MAX_LIMIT,
  RunListQuerySchema,
  RunListResponseSchema,
  ExportRunTableRequestSchema,
  RUN_EVENTS_PATH,
  ANALYSIS_BASED_RUN_EVENTS_PATH,
  RUN_EVENT,
  ACCESS_TOKEN_QUERY,
  ANALYSIS_QUEUE,
  ANALYSIS_QUEUES,
  RUN_LANE_QUEUES,
  RUN_LANES,
  RunLane,
  RUN_NOTIFY_CHANNEL,
} from './analyses/runs.ts';
export type {
  RunSummary,
  Run,
  RunCreated,
  RunListQuery,
  RunListResponse,
  ExportRunTableRequest,
} from './analyses/runs.ts';
export {
  WeeklyReturnMethodSchema,
  WEEKLY_RETURN_METHOD_LABELS,
  RISK_VALUE_MIN_WEEKS_DEFAULT,
  RiskValueInputsSchema,
  RiskValueSource,
  RISK_VALUE_SOURCE_LABELS,
  RISK_VALUE_TABLES,
  LabelCheckSchema,
  RiskValueBandRowSchema,
  RiskValueWeekSchema,
  RiskValueFundSchema,
  RiskValueResultSchema,
  riskValueAnalysis,
} from './analyses/risk-value.ts';
export type {
  WeeklyReturnMethodInput,
  RiskValueInputs,
  LabelCheck,
  RiskValueWeek,
  RiskValueFund,
  RiskValueResult,
} from './analyses/risk-value.ts';
export {
  CREDIT_ISSUER_TYPES,
  CurvePointShiftSchema,
  StressShocksSchema,
  isEmptyShocks,
  StressScenarioKind,
  STRESS_SCENARIO_KIND_LABELS,
  StressScenarioRequestSchema,
  StressScenarioSchema,
  STRESS_EQUITY_INDEX_DEFAULT,
  STRESS_BETA_WINDOW_DAYS,
  STRESS_RATE_SHIFT_BP,
  StressTestInputsSchema,
  StressOutcomeSchema,
  ReverseStressSchema,
  StressTestResultSchema,
  stressNoteLine,
  stressNotesOf,
  stressTestAnalysis,
  STRESS_TEST_TABLES,
} from './analyses/stress-test.ts';
export type {
  CreditIssuerType,
  CurvePointShift,
  StressShocks,
  StressScenarioRequest,
  StressScenario,
  StressTestInputs,
  StressOutcome,
  StressTestResult,
} from './analyses/stress-test.ts';
export {
  ANALYSIS_TYPES,
  ANALYSIS_TYPE_IDS,
  isAnalysisType,
  findAnalysisType,
  runScope,
} from './analyses/registry.ts';
export type { AnalysisTypeDefinition, AnalysisType, RunScope } from './analyses/registry.ts';
export {
  FtpProtocol,
  FTP_PROTOCOLS,
  FTP_PROTOCOL_LABELS,
  FTP_DEFAULT_PORTS,
  FtpAuthMethod,
  FTP_AUTH_METHOD_LABELS,
  FtpPassiveMode,
  FTP_PASSIVE_MODE_LABELS,
  FTP_DEFAULTS,
  FtpConnectionRequestSchema,
  FtpConnectionSchema,
  FtpTestStepSchema,
  FtpTestFailureReason,
  FtpTestResultSchema,
  FtpRuleKindSchema,
  FTP_PATTERN_TOKENS,
  FtpFileRuleRequestSchema,
  FtpFileRuleSchema,
  FtpTransferResult,
  FTP_TRANSFER_RESULT_LABELS,
  FtpRowErrorSchema,
  FtpTransferSchema,
  FtpTransferQuerySchema,
  FtpPullResponseSchema,
  remoteFolderProblem,
  normaliseRemoteFolder,
  remoteFileNameProblem,
  remoteFilePath,
} from './ftp.ts';
export type {
  FtpConnectionRequest,
  FtpConnectionInput,
  FtpConnection,
  FtpTestResult,
  FtpFileRuleRequest,
  FtpFileRule,
  FtpTransfer,
  FtpPullResponse,
} from './ftp.ts';
export * from './analyses/registry.ts';
export { defineAnalysis } from './analyses/definition.ts';
export * from './analyses/input-bundle.ts';
export type { AnalysisDefinition } from './analyses/definition.ts';
export {
  SeriesSource,
  SERIES_SOURCE_LABELS,
  SeriesSourceSchema,
  SeriesCreateSchema,
  SeriesUpdateSchema,
  SeriesDetailSchema,
  MarketDataValidationSchema,
  MARKET_DATA_VALIDATION_KEY,
  DEFAULT_MARKET_DATA_VALIDATION,
  UnknownTickerSchema,
  ValueChangeSchema,
  JumpWarningSchema,
  NewSeriesChoiceSchema,
  NEW_SERIES_FIELD,
  PriceBasisSchema,
  PRICE_BASIS_LABELS,
  PRICE_BASIS_BY_CONVENTION,
  CorporateActionKind,
  CORPORATE_ACTION_KIND_LABELS,
  CorporateActionKindSchema,
  CorporateActionInputSchema,
  CorporateActionViewSchema,
  CorporateActionsQuerySchema,
  DerivedValueSchema,
  CalendarDayKindSchema,
  CALENDAR_DAY_KIND_LABELS,
  CalendarQuerySchema,
  CalendarDayViewSchema,
  CalendarYearSchema,
  CalendarOverrideRequestSchema,
  SeriesQualitySchema,
  SeriesQualityDetailSchema,
  QualityFilterSchema,
  QUALITY_FILTER_LABELS,
  STALE_RUN_MIN_DAYS,
  OUTDATED_AFTER_BUSINESS_DAYS,
} from './market-data-admin.ts';
export type {
  SeriesCreate,
  SeriesUpdate,
  SeriesDetail,
  MarketDataValidation,
  UnknownTicker,
  ValueChange,
  JumpWarning,
  NewSeriesChoice,
  PriceBasis,
  CorporateActionInput,
  CorporateActionView,
  DerivedValue,
  CalendarDayKindInput,
  CalendarDayView,
  CalendarYear,
  SeriesQuality,
  SeriesQualityDetail,
  QualityFilter,
} from './market-data-admin.ts';
export {
  PASSWORD_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGES,
  isCommonPassword,
  containsUsername,
} from './password-policy.ts';
export {
  AuditEntrySchema,
  AuditListQuerySchema,
  AuditListResponseSchema,
  AuditExportQuerySchema,
  AUDIT_EXPORT_MAX_ROWS,
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_LABELS,
  auditLabel,
} from './audit.ts';
export type {
  AuditAction,
  AuditEntity,
  AuditEntry,
  AuditListQuery,
  AuditListResponse,
} from './audit.ts';
export * from './analyses/result-charts.ts';
export * from './analyses/performance-report.ts';
export * from './analyses/customer-performance-report.ts';
export * from './analyses/bond-analysis.ts';
export * from './cash-flows.ts';
// Module 3: investment-limit criteria (data, engine, tracking plan, endpoints), internal audit and
// fund statistics analyses.
export * from './criteria/criterion.ts';
export * from './criteria/engine.ts';
export * from './criteria/spk-rules.ts';
export * from './criteria/tracking.ts';
export * from './criteria/api.ts';
export * from './analyses/internal-audit.ts';
export * from './analyses/fund-statistics.ts';
export * from './fee-rates.ts';
export * from './tefas-funds.ts';
export * from './analyses/liquidity-test.ts';
export * from './analyses/concentration-risk.ts';
export * from './analyses/active-share.ts';
export * from './analyses/risk-graphic.ts';
export * from './reports.ts';
export {
  formatDecimal,
  formatPercent,
  formatPercentPoints,
  isoToTurkishDate,
} from './display-format.ts';
export { FOLD_FROM, FOLD_TO, foldText, matchesFolded } from './search-fold.ts';
export { fileNameStem } from './file-names.ts';
// Chart conventions and the analysis charts shared by the screens and the PDF (decision 0058).
export * from './charts/chart-format.ts';
export * from './charts/chart-layout.ts';
export * from './charts/chart-palette.ts';
export * from './charts/analysis-options.ts';
export * from './charts/analysis-charts.ts';
export * from './charts/var-change-chart.ts';
export * from './data-quality.ts';
