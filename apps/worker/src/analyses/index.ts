import type { AnalysisHandler, AnalysisHandlers } from '../runner/handler.ts';
import type { AnalysisType } from '@fonrisk/contracts';
import { bondAnalysisHandler } from './bond-analysis/bond-analysis-handler.ts';
import { customerPerformanceReportHandler } from './customer-performance-report/customer-performance-report-handler.ts';
import { performanceReportHandler } from './performance-report/performance-report-handler.ts';
import { backtestHandler } from './backtest/backtest-handler.ts';
import { fundStatisticsHandler } from './fund-statistics/fund-statistics-handler.ts';
import { internalAuditHandler } from './internal-audit/internal-audit-handler.ts';
import { incrementalVarHandler } from './incremental-var/incremental-var-handler.ts';
import { leverageHandler } from './leverage/leverage-handler.ts';
import { riskValueHandler } from './risk-value/risk-value-handler.ts';
import { stressTestHandler } from './stress-test/stress-test-handler.ts';
import { varHandler } from './var/var-handler.ts';
import { liquidityTestHandler } from './liquidity-test/liquidity-test-handler.ts';
import { concentrationRiskHandler } from './concentration-risk/concentration-risk-handler.ts';
import { activeShareHandler } from './active-share/active-share-handler.ts';
import { riskGraphicHandler } from './risk-graphic/risk-graphic-handler.ts';

/**
 * Every analysis type the worker runs, keyed by the ids of contracts ANALYSIS_TYPES: the type
 * below makes a type without a handler a compile error.
 */
export const ANALYSIS_HANDLERS = {
  var: varHandler,
  backtest: backtestHandler,
  leverage: leverageHandler,
  'incremental-var': incrementalVarHandler,
  'performance-report': performanceReportHandler,
  'customer-performance-report': customerPerformanceReportHandler,
  'bond-analysis': bondAnalysisHandler,
  'internal-audit': internalAuditHandler,
  'fund-statistics': fundStatisticsHandler,
  'risk-value': riskValueHandler,
  'stress-test': stressTestHandler,
  'liquidity-test': liquidityTestHandler,
  'concentration-risk': concentrationRiskHandler,
  'active-share': activeShareHandler,
  'risk-graphic': riskGraphicHandler,
} as const satisfies { readonly [T in AnalysisType]: AnalysisHandler<T> } & AnalysisHandlers;
