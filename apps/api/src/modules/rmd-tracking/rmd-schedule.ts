import type { VarSettings } from '@fonrisk/contracts';
import { readVarSettings, type Database } from '@fonrisk/db';
import {
  ISTANBUL_TIME_ZONE,
  applyIstanbulCron,
  weekdayCron,
  type IstanbulScheduler,
  type ScheduleBoss,
} from '../../jobs/istanbul-schedule.ts';
import { startDailyRunBatch } from '../../jobs/daily-run-batch.ts';
import { SYSTEM_ACTOR, queueRmdBatch } from './rmd-batch.ts';

export type { ScheduleBoss } from '../../jobs/istanbul-schedule.ts';

/** The pg-boss queue (and schedule name) of the daily RMD batch. */
export const RMD_BATCH_QUEUE = 'rmd-daily-batch';
/** SPK's daily RMD follows the Istanbul business day. */
export const RMD_BATCH_TIME_ZONE = ISTANBUL_TIME_ZONE;

/** The cron of the daily batch: the settings' HH:MM on Monday to Friday; null when disabled. */
export function rmdBatchCron(
  settings: Pick<VarSettings, 'dailyBatchEnabled' | 'dailyBatchTime'>,
): string | null {
  return settings.dailyBatchEnabled ? weekdayCron(settings.dailyBatchTime) : null;
}

/** Registers (or removes, when disabled) the batch's cron in pg-boss; returns the cron. */
export function syncRmdSchedule(boss: ScheduleBoss, settings: VarSettings): Promise<string | null> {
  return applyIstanbulCron(boss, RMD_BATCH_QUEUE, rmdBatchCron(settings));
}

export type RmdScheduler = IstanbulScheduler<string | null>;

export interface RmdSchedulerOptions {
  readonly log: (message: string, error?: unknown) => void;
  /** How often saved settings are looked at (60 s): a settings change reaches pg-boss within it. */
  readonly syncIntervalMs?: number;
  /** How often this process asks pg-boss for a batch job (10 s). */
  readonly pollingIntervalSeconds?: number;
}

/**
 * The daily RMD batch in the API process (ADR 0009 queue, the Istanbul scheduler of
 * jobs/istanbul-schedule.ts): the process that takes the cron's job queues one 'var' run per
 * fund as 'Sistem', leaving out funds whose latest holdings date already has a run (holidays, no
 * new holdings).
 */
export function startRmdScheduler(
  db: Database,
  options: RmdSchedulerOptions,
): Promise<RmdScheduler> {
  return startDailyRunBatch(
    db,
    { name: 'rmd schedule', ...options },
    {
      queueName: RMD_BATCH_QUEUE,
      cron: async () => rmdBatchCron((await readVarSettings(db)).settings),
      async queueRuns(queue) {
        const ids = await queueRmdBatch(db, queue, SYSTEM_ACTOR, { skipCovered: true });
        return `Günlük RMD hesaplaması kuyruğa alındı: ${String(ids.length)} fon`;
      },
    },
  );
}
