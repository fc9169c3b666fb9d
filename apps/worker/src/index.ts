// What other workspaces use of the worker: the audit books the API's criterion preview evaluates.
export { loadAuditBooks } from './analyses/internal-audit/audit-book.ts';
export type { AuditBook, AuditDates } from './analyses/internal-audit/audit-book.ts';
export { internalAuditHandler } from './analyses/internal-audit/internal-audit-handler.ts';
export { fakeContext } from './analyses/testing/fake-context.ts';
export { fundStatisticsHandler } from './analyses/fund-statistics/fund-statistics-handler.ts';
export {
  COMPILED_CHILDREN_ENV,
  COMPILED_CONDITION,
  COMPILED_NODE_FLAGS,
  WORKER_NODE_FLAGS,
  compiledChildren,
  isCompiled,
} from './compiled.ts';
export { startWorkerFromEnv, type WorkerService } from './main.ts';
export { ANALYSIS_HANDLERS } from './analyses/index.ts';
// The compute-pool fixtures the slow test workers run (testing/slow-worker-entry.ts).
export { FIXTURE_TASKS } from './pool/compute-fixtures.ts';
export { BOSS_SCHEMA, createAnalysisQueues } from './runner/run-store.ts';
export type { Logger } from './runner/runner.ts';
export {
  replayRun,
  ReplayError,
  type ReplayableBundle,
  type RunReplay,
} from './replay/replay-run.ts';
export { UnrecordedStatementError } from './replay/replaying-pool.ts';
export { decodeValue, encodeValue } from './runner/value-codec.ts';
// What the API's "RMD neden değişti?" reads and models exactly as a 'var' run (decision 0063).
export { riskModel } from './analyses/var/evaluate.ts';
export { loadMarketData, neededTickers } from './analyses/data/load.ts';
export { preTradeCheck } from './pre-trade/pre-trade.ts';
export { TradeRowError } from './pre-trade/trades.ts';
export {
  TINY,
  insertTinyPortfolio,
  tinyPrice,
  tinyUsd,
} from './analyses/testing/tiny-portfolio.ts';
