import { analysisRuns, type AnalysisRunRow, type Database } from '@fonrisk/db';
import {
  createTestDatabase,
  type SeedTarget,
  type TestDatabase,
  type TestSeed,
} from '@fonrisk/db/testing';
import { DEMO_RUN_STEPS, DEMO_STEPS } from '../demo/index.ts';
import { runDemoSteps } from '../demo/demo-steps.ts';
import { demoMarketStep } from '../demo/market/load.ts';
import { createRunQueue } from '../modules/analyses/run-queue.ts';
import { startWorkerProcess } from '../worker-process.ts';

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
 * How long the worker gets for the demo runs (~20 s with the market in a file run alone on a quiet
 * machine; minutes on a loaded one).
 */
const COMPUTE_TIMEOUT_MS = 600_000;

/**
 * DEMO_SEED plus the runs of DEMO_RUN_STEPS, queued by the steps and computed by the real worker
 * process (the one `npm start` launches) on the template database, stopped before the template is
 * closed. A run that failed stays failed in the template, for the tests to see.
 */
export const DEMO_COMPUTED_SEED: TestSeed = {
  name: 'demo_computed',
  base: DEMO_SEED,
  load: computeDemoRuns,
};

async function computeDemoRuns(db: Database, { url }: SeedTarget): Promise<void> {
  const errors: Error[] = [];
  const queue = createRunQueue(db, (error) => errors.push(error));
  try {
    // pg-boss started before the steps' transactions, which hold the seed's one connection.
    await queue.start();
    await runDemoSteps(db, DEMO_RUN_STEPS, { queue });
  } finally {
    await queue.close();
  }
  if (errors.length > 0) throw errors[0]!;
  const worker = startWorkerProcess({ databaseUrl: url, log: () => undefined });
  try {
    if (!(await worker.ready(60_000))) throw new Error('the worker process did not start');
    await finishedRuns(db, COMPUTE_TIMEOUT_MS);
  } finally {
    await worker.stop();
  }
}

/**
 * Every analysis run of `db` once none is queued or running (each done or failed), read every
 * half second; an error after `timeoutMs`.
 */
export async function finishedRuns(db: Database, timeoutMs: number): Promise<AnalysisRunRow[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const runs = await db.select().from(analysisRuns);
    if (runs.every((r) => r.status === 'done' || r.status === 'failed')) return runs;
    if (Date.now() > deadline) throw new Error('the demo runs did not finish in time');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export interface DemoTestDatabaseOptions {
  /** The generated demo market (default: true). */
  readonly market?: boolean;
  /** The computed first-start runs as well (DEMO_COMPUTED_SEED; implies the market). */
  readonly runs?: boolean;
}

/**
 * A test database of its own holding DEMO_STEPS (with `market: false`, without the demo market;
 * with `runs`, also the computed runs of DEMO_RUN_STEPS): a copy of the run's template of that
 * content, which the first file asking loads once (the market and the runs: ~20 s alone on a quiet
 * machine, more when loaded), so a file pays a copy instead
 * (docs/decisions/0061-test-databases-from-templates.md).
 */
export function createDemoTestDatabase({
  market = true,
  runs = false,
}: DemoTestDatabaseOptions = {}): Promise<TestDatabase> {
  const seed = runs ? DEMO_COMPUTED_SEED : market ? DEMO_SEED : DEMO_BASE_SEED;
  return createTestDatabase({ seed });
}
