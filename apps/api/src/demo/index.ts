import type { Database } from '@fonrisk/db';
import { demoBlogPostsStep } from './demo-blog-posts.ts';
import { runDemoSteps, type DemoStep } from './demo-steps.ts';
import { demoUsersStep } from './demo-users.ts';
import { demoMarketStep } from './market/load.ts';

/** The demo data set in load order; later issues append market data and portfolios. */
export const DEMO_STEPS: readonly DemoStep[] = [demoUsersStep, demoBlogPostsStep, demoMarketStep];

export function loadDemoData(db: Database): Promise<string[]> {
  return runDemoSteps(db, DEMO_STEPS);
}

export { DEMO_PASSWORD, DEMO_USERS } from './demo-users.ts';
