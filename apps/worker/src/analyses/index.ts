import type { AnalysisHandler } from '../runner/handler.ts';
import { backtestHandler } from './backtest/backtest-handler.ts';
import { incrementalVarHandler } from './incremental-var/incremental-var-handler.ts';
import { leverageHandler } from './leverage/leverage-handler.ts';
import { riskValueHandler } from './risk-value/risk-value-handler.ts';
import { stressTestHandler } from './stress-test/stress-test-handler.ts';
import { varHandler } from './var/var-handler.ts';

/** Every analysis type the worker runs; one handler per id of ANALYSIS_TYPES. */
export const ANALYSIS_HANDLERS: readonly AnalysisHandler[] = [
  varHandler,
  backtestHandler,
  leverageHandler,
  incrementalVarHandler,
  riskValueHandler,
  stressTestHandler,
];
