import { ANALYSIS_QUEUE, type VarSettings } from '@fonrisk/contracts';
import { rawSqlExecutor, readVarSettings, type Database } from '@fonrisk/db';
import PgBoss from 'pg-boss';
import { sendRunJob, type RunQueue } from '../analyses/run-queue.ts';
import { SYSTEM_ACTOR, queueRmdBatch } from './rmd-batch.ts';

/** The pg-boss queue (and schedule name) of the daily RMD batch. */
export const RMD_BATCH_QUEUE = 'rmd-daily-batch';
/** SPK's daily RMD follows the Istanbul business day. */
export const RMD_BATCH_TIME_ZONE = 'Europe/Istanbul';

/** The cron of the daily batch: the settings' HH:MM on Monday to Friday; null when disabled. */
export function rmdBatchCron(
  settings: Pick<VarSettings, 'dailyBatchEnabled' | 'dailyBatchTime'>,
): string | null {
  if (!settings.dailyBatchEnabled) return null;
  const [hours, minutes] = settings.dailyBatchTime.split(':').map(Number);
  return `${minutes} ${hours} * * 1-5`;
}

/** The part of pg-boss the schedule uses (a fake in unit tests). */
export interface ScheduleBoss {
  schedule(
    name: string,
    cron: string,
    data?: object,
    options?: PgBoss.ScheduleOptions,
  ): Promise<void>;
  unschedule(name: string): Promise<void>;
}

/** Registers (or removes, when disabled) the batch's cron in pg-boss; returns the cron. */
export async function syncRmdSchedule(
  boss: ScheduleBoss,
  settings: VarSettings,
): Promise<string | null> {
  const cron = rmdBatchCron(settings);
  if (cron === null) await boss.unschedule(RMD_BATCH_QUEUE);
  else await boss.schedule(RMD_BATCH_QUEUE, cron, {}, { tz: RMD_BATCH_TIME_ZONE, retryLimit: 0 });
  return cron;
}

export interface RmdScheduler {
  /** Reads the settings and updates the cron when they changed (also done every interval). */
  sync(): Promise<string | null>;
  stop(): Promise<void>;
}

export interface RmdSchedulerOptions {
  readonly log: (message: string, error?: unknown) => void;
  /** How often saved settings are looked at (60 s): a settings change reaches pg-boss within it. */
  readonly syncIntervalMs?: number;
  /** How often this process asks pg-boss for a batch job (10 s). */
  readonly pollingIntervalSeconds?: number;
}

/**
 * The daily RMD batch in the API process (ADR 0009 queue, pg-boss cron in Europe/Istanbul).
 * pg-boss stores the schedule in the database and sends one job per cron tick however many
 * API processes run; the process that takes the job queues one 'var' run per fund as 'Sistem',
 * leaving out funds whose latest holdings date already has a run (holidays, no new holdings).
 * Settings are polled rather than pushed so that a change saved on any replica takes effect.
 */
export async function startRmdScheduler(
  db: Database,
  options: RmdSchedulerOptions,
): Promise<RmdScheduler> {
  const boss = new PgBoss({
    db: rawSqlExecutor(db),
    schema: 'pgboss',
    supervise: false,
    schedule: true,
  });
  boss.on('error', (error) => options.log('rmd schedule', error));
  await boss.start();
  await boss.createQueue(ANALYSIS_QUEUE, { name: ANALYSIS_QUEUE, retryLimit: 0 });
  await boss.createQueue(RMD_BATCH_QUEUE, { name: RMD_BATCH_QUEUE, retryLimit: 0 });
  const queue: RunQueue = {
    enqueue: (ex, runId) => sendRunJob(boss, ex, runId),
    close: () => Promise.resolve(),
  };
  await boss.work(
    RMD_BATCH_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 10 },
    async () => {
      const ids = await queueRmdBatch(db, queue, SYSTEM_ACTOR, { skipCovered: true });
      options.log(`Günlük RMD hesaplaması kuyruğa alındı: ${ids.length} fon`);
    },
  );

  let current: string | null | undefined;
  async function sync(): Promise<string | null> {
    const { settings } = await readVarSettings(db);
    const cron = rmdBatchCron(settings);
    if (cron !== current) current = await syncRmdSchedule(boss, settings);
    return cron;
  }
  await sync();
  const timer = setInterval(() => {
    sync().catch((error: unknown) => options.log('rmd schedule sync', error));
  }, options.syncIntervalMs ?? 60_000);
  timer.unref();
  return {
    sync,
    async stop() {
      clearInterval(timer);
      await boss.stop({ graceful: true, close: false, wait: true });
    },
  };
}
