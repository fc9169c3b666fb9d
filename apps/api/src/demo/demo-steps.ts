import { demoSteps, eq, type Database, type Executor } from '@fonrisk/db';

/** One named, idempotent part of the demo data set (users, blog posts; later market data...). */
export interface DemoStep {
  /** Stable name recorded in demo_steps; change it only to make the step run again. */
  readonly name: string;
  run(tx: Executor): Promise<void>;
}

/**
 * Runs each step not yet recorded, each in its own transaction with its record, so the demo
 * data set is loaded once per database and a step added later runs once on the next start.
 * Returns the names of the steps that ran.
 */
export async function runDemoSteps(db: Database, steps: readonly DemoStep[]): Promise<string[]> {
  const ran: string[] = [];
  for (const step of steps) {
    const applied = await db.transaction(async (tx) => {
      const [done] = await tx
        .select()
        .from(demoSteps)
        .where(eq(demoSteps.name, step.name))
        .for('update');
      if (done) return false;
      await step.run(tx);
      await tx.insert(demoSteps).values({ name: step.name }).onConflictDoNothing();
      return true;
    });
    if (applied) ran.push(step.name);
  }
  return ran;
}
