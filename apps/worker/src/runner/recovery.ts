import { RunStatus } from '@fonrisk/contracts';
import { analysisRuns, and, eq, lt, sql, type Database } from '@fonrisk/db';
import type PgBoss from 'pg-boss';
import { RUNNER_MESSAGES } from './messages.ts';
import { endRun, requeueRun } from './run-store.ts';

export interface RecoveryOptions {
  /** A running run whose heartbeat is older than this has lost its worker. */
  readonly staleAfterSeconds: number;
  readonly maxAttempts: number;
}

export interface RecoveryReport {
  readonly requeued: string[];
  readonly failed: string[];
  readonly cancelled: string[];
}

/**
 * Crash recovery (ADR 0009), run periodically by every worker: a run still `running` whose
 * heartbeat stopped goes back to the queue with attempt + 1, or fails with a Turkish reason once
 * the attempts are used up, or ends cancelled when a cancel was asked. Rows are locked with SKIP
 * LOCKED so that several workers sweeping together handle each run once.
 */
export async function recoverStaleRuns(
  db: Database,
  boss: PgBoss,
  options: RecoveryOptions,
): Promise<RecoveryReport> {
  return db.transaction(async (tx) => {
    const stale = await tx
      .select({ id: analysisRuns.id, attempt: analysisRuns.attempt, cancelRequested: analysisRuns.cancelRequested })
      .from(analysisRuns)
      .where(
        and(
          eq(analysisRuns.status, RunStatus.Running),
          lt(analysisRuns.heartbeatAt, sql`now() - make_interval(secs => ${options.staleAfterSeconds})`),
        ),
      )
      .for('update', { skipLocked: true });
    const report: RecoveryReport = { requeued: [], failed: [], cancelled: [] };
    for (const run of stale) {
      if (run.cancelRequested) {
        await endRun(tx, run.id, run.attempt, RunStatus.Cancelled, null);
        report.cancelled.push(run.id);
      } else if (run.attempt < options.maxAttempts) {
        await requeueRun(tx, boss, run.id, run.attempt, {
          countAttempt: true,
          message: RUNNER_MESSAGES.crashRequeued(run.attempt + 1, options.maxAttempts),
          delaySeconds: 0,
        });
        report.requeued.push(run.id);
      } else {
        await endRun(tx, run.id, run.attempt, RunStatus.Failed, RUNNER_MESSAGES.crashFailed);
        report.failed.push(run.id);
      }
    }
    return report;
  });
}
