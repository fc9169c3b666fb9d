import { ANALYSIS_QUEUES, RunStatus } from '@fonrisk/contracts';
import { analysisRuns, and, eq, lt, sql, type Database, type Executor } from '@fonrisk/db';
import type PgBoss from 'pg-boss';
import { RUNNER_MESSAGES } from './messages.ts';
import { BOSS_SCHEMA, endRun, enqueueRunJob, requeueRun } from './run-store.ts';

export interface RecoveryOptions {
  /** A running run whose heartbeat is older than this has lost its worker. */
  readonly staleAfterSeconds: number;
  readonly maxAttempts: number;
}

export interface RecoveryReport {
  readonly requeued: string[];
  readonly failed: string[];
  readonly cancelled: string[];
  /** Queued runs that had lost their job and got a new one. */
  readonly resent: string[];
}

/**
 * Crash recovery (ADR 0009), run periodically by every worker: a run still `running` whose
 * heartbeat stopped goes back to the queue with attempt + 1, or fails with a Turkish reason once
 * the attempts are used up, or ends cancelled when a cancel was asked; a `queued` run whose job
 * was lost gets a new job. Rows are locked with SKIP LOCKED so that several workers sweeping
 * together handle each run once.
 */
export async function recoverStaleRuns(
  db: Database,
  boss: PgBoss,
  options: RecoveryOptions,
): Promise<RecoveryReport> {
  return db.transaction(async (tx) => {
    const stale = await tx
      .select({
        id: analysisRuns.id,
        attempt: analysisRuns.attempt,
        cancelRequested: analysisRuns.cancelRequested,
      })
      .from(analysisRuns)
      .where(
        and(
          eq(analysisRuns.status, RunStatus.Running),
          lt(
            analysisRuns.heartbeatAt,
            sql`now() - make_interval(secs => ${options.staleAfterSeconds})`,
          ),
        ),
      )
      .for('update', { skipLocked: true });
    const report: RecoveryReport = { requeued: [], failed: [], cancelled: [], resent: [] };
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
    for (const run of await orphanedQueuedRuns(tx, options.staleAfterSeconds)) {
      await enqueueRunJob(tx, boss, run);
      report.resent.push(run.id);
    }
    return report;
  });
}

/**
 * Queued runs without a live job: none waiting, and none taken by a worker within the stale limit.
 * The API and the runner queue a run and its job in one transaction, so this only happens when a
 * worker lost the job between fetching and claiming it (killed, or the claim failed on a database
 * error; pg-boss never retries analysis jobs). An extra job is harmless: the claim takes a run once.
 */
export function orphanedQueuedRuns(tx: Executor, staleAfterSeconds: number) {
  const job = sql.raw(`${BOSS_SCHEMA}.job`);
  return tx
    .select({ id: analysisRuns.id, lane: analysisRuns.lane })
    .from(analysisRuns)
    .where(
      and(
        eq(analysisRuns.status, RunStatus.Queued),
        eq(analysisRuns.cancelRequested, false),
        // NOT IN a subquery that does not refer to the run: PostgreSQL reads the live jobs once
        // into a hash (a "hashed SubPlan"). As a correlated NOT EXISTS, its estimate of the queued
        // runs during a night's batch (statistics taken before it was queued) made it loop over
        // the jobs for each queued run: 1,100 × 2,200 rows, 50–290 ms a sweep (issue 25).
        sql`${analysisRuns.id}::text NOT IN (
          SELECT j.data->>'runId' FROM ${job} j
          WHERE j.name IN (${sql.join(
            ANALYSIS_QUEUES.map((name) => sql`${name}`),
            sql`, `,
          )}) AND j.data->>'runId' IS NOT NULL
            AND (j.state IN ('created', 'retry')
              OR (j.state = 'active' AND j.started_on > now() - make_interval(secs => ${staleAfterSeconds}))))`,
      ),
    )
    .for('update', { skipLocked: true });
}
