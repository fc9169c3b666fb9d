import { createTestDatabase, type TestDatabase, type TestSeed } from '@fonrisk/db/testing';
import { DEMO_STEPS } from '../demo/index.ts';
import { runDemoSteps } from '../demo/demo-steps.ts';
import { demoMarketStep } from '../demo/market/load.ts';

/** The demo users and blog posts (DEMO_STEPS without the market). */
export const DEMO_BASE_SEED: TestSeed = {
  name: 'demo_base',
  load: (db) => runDemoSteps(db, DEMO_BASE_STEPS).then(() => undefined),
};

/** All of DEMO_STEPS: users, blog posts and the generated demo market with its 13 funds. */
export const DEMO_SEED: TestSeed = {
  name: 'demo',
  load: (db) => runDemoSteps(db, DEMO_STEPS).then(() => undefined),
};

const DEMO_BASE_STEPS = DEMO_STEPS.filter((step) => step !== demoMarketStep);

/**
 * A test database of its own holding DEMO_STEPS (with `market: false`, without the demo market):
 * a copy of the run's demo template, which the first file asking loads once (about 10 s for the
 * market), so a file pays a copy instead (docs/decisions/0061-test-databases-from-templates.md).
 */
export function createDemoTestDatabase({
  market = true,
}: { readonly market?: boolean } = {}): Promise<TestDatabase> {
  return createTestDatabase({ seed: market ? DEMO_SEED : DEMO_BASE_SEED });
}
