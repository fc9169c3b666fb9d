import { demoSteps, eq, type Database, type Executor } from '@fonrisk/db';
import { createRunQueue, type RunQueue } from '../modules/analyses/run-queue.ts';

/** What a step may use besides its transaction. */
export interface DemoContext {
  /** Queues analysis runs inside the step's transaction (pg-boss starts only when used). */
  readonly queue: RunQueue;
}

/** One named, idempotent part of the demo data set (users, blog posts; later market data...). */
export interface DemoStep {
  /** Stable name recorded in demo_steps; change it only to make the step run again. */
  readonly name: string;
  run(tx: Executor, context: DemoContext): Promise<void>;
}

/**
 * Runs each step not yet recorded, each in its own transaction with its record, so the demo
 * data set is loaded once per database and a step added later runs once on the next start.
 * Returns the names of the steps that ran. Without a context, a run queue of its own is opened
 * (and closed at the end) for the steps that queue runs.
 */
export async function runDemoSteps(
  db: Database,
  steps: readonly DemoStep[],
  context?: DemoContext,
): Promise<string[]> {
  if (!context) {
    const queue = createRunQueue(db, (error) => console.error('demo run queue', error));
    try {
      return await runDemoSteps(db, steps, { queue });
    } finally {
      await queue.close();
    }
  }
  const ran: string[] = [];
  for (const step of steps) {
    const applied = await db.transaction(async (tx) => {
      const [done] = await tx
        .select()
        .from(demoSteps)
        .where(eq(demoSteps.name, step.name))
        .for('update');
      if (done) return false;
      await step.run(tx, context);
      await tx.insert(demoSteps).values({ name: step.name }).onConflictDoNothing();
      return true;
    });
    if (applied) ran.push(step.name);
  }
  return ran;
}
