import type { Database } from '@fonrisk/db';
import { createAnalysisQueues, sendRunJobs, type RunQueue } from '../modules/analyses/run-queue.ts';
import {
  startIstanbulScheduler,
  syncIstanbulJobs,
  type IstanbulScheduler,
  type IstanbulSchedulerOptions,
} from './istanbul-schedule.ts';

/** A daily batch of analysis runs (the RMD batch, the daily internal audit). */
export interface DailyRunBatch {
  /** The pg-boss queue and schedule name of the batch. */
  readonly queueName: string;
  /** The cron from the saved settings; null when the batch is off. */
  cron(): Promise<string | null>;
  /** Queues the batch's runs; returns the Turkish log line saying what was queued. */
  queueRuns(queue: RunQueue): Promise<string>;
}

/**
 * Runs a daily batch on the Istanbul scheduler: the cron read from the settings at every sync,
 * and the process that takes the cron's job queues the batch's runs on the analysis queue.
 */
export function startDailyRunBatch(
  db: Database,
  options: IstanbulSchedulerOptions,
  batch: DailyRunBatch,
): Promise<IstanbulScheduler<string | null>> {
  return startIstanbulScheduler(db, options, async (boss) => {
    await createAnalysisQueues(boss);
    const queue: RunQueue = {
      enqueue: (ex, runs) => sendRunJobs(boss, ex, runs),
      close: () => Promise.resolve(),
    };
    const run = async () => {
      options.log(await batch.queueRuns(queue));
    };
    const working = new Set<string>();
    return {
      async sync() {
        const cron = await batch.cron();
        await syncIstanbulJobs(
          boss,
          [{ name: batch.queueName, cron, run }],
          (name) => name === batch.queueName,
          working,
          options,
        );
        return cron;
      },
    };
  });
}
