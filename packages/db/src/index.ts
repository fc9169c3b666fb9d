export { connectDatabase, isUniqueViolation } from './client.ts';
export type { Database, DatabaseHandle, ConnectOptions, Executor } from './client.ts';
export { migrateDatabase } from './migrate.ts';
export { rawSqlExecutor, poolOf } from './raw-sql.ts';
export type { RawSqlExecutor, PoolClient } from './raw-sql.ts';
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
  officialRiskValues,
  stressScenarios,
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
  OfficialRiskValueRow,
  StressScenarioRow,
} from './schema/index.ts';
// Query helpers re-exported so that repositories use the same drizzle-orm copy as the schema.
export {
  and,
  asc,
  count,
  desc,
  eq,
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
} from 'drizzle-orm';
