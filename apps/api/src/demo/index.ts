import type { Database } from '@fonrisk/db';
import { demoBlogPostsStep } from './demo-blog-posts.ts';
import { demoModule2LiquidityStep, demoModule2Step } from './demo-module2.ts';
import { demoModule2GraphicsStep } from './demo-module2-graphics.ts';
import { demoModule1RunsStep } from './demo-module1-runs.ts';
import {
  demoCashFlowsStep,
  demoFeeRatesStep,
  demoIndexConstituentsStep,
  demoModule5RunsStep,
} from './demo-module5.ts';
import { demoFundStatisticsStep } from './demo-fund-statistics.ts';
import { demoTefasFundListStep } from './demo-tefas-funds.ts';
import { demoInternalAuditStep } from './demo-internal-audit.ts';
import { demoRmdHistoryStep } from './demo-rmd-history.ts';
import { demoReportsStep } from './demo-reports.ts';
import { runDemoSteps, type DemoStep } from './demo-steps.ts';
import { demoUsersStep } from './demo-users.ts';
import { demoMarketStep } from './market/load.ts';

/** The demo data set in load order; later issues append market data and portfolios. */
export const DEMO_STEPS: readonly DemoStep[] = [
  demoUsersStep,
  demoBlogPostsStep,
  demoMarketStep,
  demoCashFlowsStep,
  demoFeeRatesStep,
  demoIndexConstituentsStep,
  demoTefasFundListStep,
];

/**
 * The first-start steps that queue a run of every analysis type (besides the RMD history's VaR
 * runs): Module 2, one example run for each other Module 1 result screen, Module 5, the Module 3
 * runs (a tracked internal audit, fund statistics) and the Module 2 graphics. The tests that read
 * the computed runs copy them from one template (DEMO_COMPUTED_SEED, apps/api/src/testing).
 */
export const DEMO_RUN_STEPS: readonly DemoStep[] = [
  demoModule2Step,
  demoModule2LiquidityStep,
  demoModule1RunsStep,
  demoModule5RunsStep,
  demoInternalAuditStep,
  demoFundStatisticsStep,
  demoModule2GraphicsStep,
];

/**
 * What `npm start` loads: the data set, then the first-start runs (queued for the worker): the
 * VaR history that fills RMD limit tracking and the VaR result screen, DEMO_RUN_STEPS, and the
 * demo reports. Tests and benchmarks load DEMO_STEPS only, so that no background runs compete
 * with what they measure.
 */
export const DEMO_START_STEPS: readonly DemoStep[] = [
  ...DEMO_STEPS,
  demoRmdHistoryStep,
  ...DEMO_RUN_STEPS,
  demoReportsStep,
];

export function loadDemoData(
  db: Database,
  steps: readonly DemoStep[] = DEMO_STEPS,
): Promise<string[]> {
  return runDemoSteps(db, steps);
}

export { DEMO_PASSWORD, DEMO_USERS } from './demo-users.ts';
