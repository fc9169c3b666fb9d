export { users } from './users.ts';
export type { UserRow, NewUserRow } from './users.ts';
export { blogPosts } from './blog-posts.ts';
export type { BlogPostRow } from './blog-posts.ts';
export { auditLog } from './audit-log.ts';
export type { AuditLogRow, NewAuditLogRow } from './audit-log.ts';
export { loginFailures } from './login-failures.ts';
export { demoSteps } from './demo-steps.ts';
export { instruments } from './instruments.ts';
export type { InstrumentRow, NewInstrumentRow } from './instruments.ts';
export {
  marketSeries,
  marketValues,
  marketValueDays,
  fxRates,
  marketWrites,
  referenceWrites,
} from './market-series.ts';
export type {
  MarketSeriesRow,
  NewMarketSeriesRow,
  MarketValueRow,
  FxRateDbRow,
} from './market-series.ts';
export { portfolios, holdings, unifiedPortfolios, unifiedPortfolioMembers } from './portfolios.ts';
export type {
  PortfolioRow,
  NewPortfolioRow,
  HoldingDbRow,
  NewHoldingDbRow,
  UnifiedPortfolioRow,
} from './portfolios.ts';
export { benchmarks, benchmarkComponents } from './benchmarks.ts';
export type { BenchmarkRow, BenchmarkComponentRow } from './benchmarks.ts';
export { tickerMappings } from './ticker-mappings.ts';
export type { TickerMappingRow } from './ticker-mappings.ts';
export { settings } from './settings.ts';
export { corporateActions, marketValuesDerived } from './corporate-actions.ts';
export type { CorporateActionRow } from './corporate-actions.ts';
export { calendarOverrides } from './calendar.ts';
export type { CalendarOverrideRow } from './calendar.ts';
export { analysisRuns, varPoints } from './runs.ts';
export type { AnalysisRunRow, NewAnalysisRunRow } from './runs.ts';
export { officialRiskValues } from './official-risk-values.ts';
export type { OfficialRiskValueRow } from './official-risk-values.ts';
export { stressScenarios } from './stress-scenarios.ts';
export type { StressScenarioRow } from './stress-scenarios.ts';
export { ftpConnections, ftpFileRules, ftpTransfers, ftpTransferFiles } from './ftp.ts';
export type {
  FtpConnectionRow,
  NewFtpConnectionRow,
  FtpFileRuleRow,
  FtpTransferRow,
  NewFtpTransferRow,
} from './ftp.ts';
export { portfolioCashFlows } from './cash-flows.ts';
export type { PortfolioCashFlowRow } from './cash-flows.ts';
export { portfolioFeeRates } from './fee-rates.ts';
export type { PortfolioFeeRateRow } from './fee-rates.ts';
export { indexConstituents } from './index-constituents.ts';
export type { IndexConstituentRow } from './index-constituents.ts';
export { tefasFunds } from './tefas-funds.ts';
export type { TefasFundRow } from './tefas-funds.ts';
export { auditCriteria, auditBreaches, auditBreachEvents } from './internal-audit.ts';
export type { AuditCriterionRow, AuditBreachRow, AuditBreachEventRow } from './internal-audit.ts';
export { analysisRunBundles, analysisBundleParts, analysisRunBundleParts } from './run-bundles.ts';
export type { AnalysisRunBundleRow } from './run-bundles.ts';
export { analysisRunResultTexts } from './run-result-texts.ts';
export type { AnalysisRunResultTextRow } from './run-result-texts.ts';
export { reportTemplates, pdfSettings, reports, reportKeys, reportSchedules } from './reports.ts';
export type {
  ReportTemplateRow,
  ReportRow,
  ReportKeyRow,
  ReportScheduleRow,
  PdfSettingsRow,
} from './reports.ts';
export { reportFiles } from './report-files.ts';
export type { ReportFileRow } from './report-files.ts';
