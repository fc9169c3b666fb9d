import { ANALYSIS_QUEUE, type InternalAuditSettings } from '@fonrisk/contracts';
import { rawSqlExecutor, type Database } from '@fonrisk/db';
import PgBoss from 'pg-boss';
import { sendRunJob, type RunQueue } from '../analyses/run-queue.ts';
import { SYSTEM_ACTOR } from '../rmd-tracking/rmd-batch.ts';
import type { ScheduleBoss } from '../rmd-tracking/rmd-schedule.ts';
import { queueDailyAudit, readInternalAuditSettings } from './audit-batch.ts';

/** The pg-boss queue (and schedule name) of the daily internal audit. */
export const AUDIT_BATCH_QUEUE = 'internal-audit-daily';
export const AUDIT_BATCH_TIME_ZONE = 'Europe/Istanbul';

/** The cron of the daily audit: the settings' HH:MM on Monday to Friday; null when disabled. */
export function auditCron(
  s: Pick<InternalAuditSettings, 'dailyAuditEnabled' | 'dailyAuditTime'>,
): string | null {
  if (!s.dailyAuditEnabled) return null;
  const [hours, minutes] = s.dailyAuditTime.split(':').map(Number);
  return `${minutes} ${hours} * * 1-5`;
}

export async function syncAuditSchedule(
  boss: ScheduleBoss,
  s: InternalAuditSettings,
): Promise<string | null> {
  const cron = auditCron(s);
  if (cron === null) await boss.unschedule(AUDIT_BATCH_QUEUE);
  else
    await boss.schedule(AUDIT_BATCH_QUEUE, cron, {}, { tz: AUDIT_BATCH_TIME_ZONE, retryLimit: 0 });
  return cron;
}

export interface AuditScheduler {
  sync(): Promise<string | null>;
  stop(): Promise<void>;
}

/**
 * The scheduled daily audit of every fund, the same way as the daily RMD batch
 * (rmd-schedule.ts): a pg-boss cron in Europe/Istanbul stored in the database (one job per tick
 * whatever the number of API processes); the process that takes it queues one tracked
 * 'internal-audit' run as 'Sistem'. Settings are polled so a change on any replica takes effect.
 */
export async function startAuditScheduler(
  db: Database,
  options: {
    readonly log: (message: string, error?: unknown) => void;
    readonly syncIntervalMs?: number;
    readonly pollingIntervalSeconds?: number;
  },
): Promise<AuditScheduler> {
  const boss = new PgBoss({
    db: rawSqlExecutor(db),
    schema: 'pgboss',
    supervise: false,
    schedule: true,
  });
  boss.on('error', (error) => options.log('internal audit schedule', error));
  await boss.start();
  await boss.createQueue(ANALYSIS_QUEUE, { name: ANALYSIS_QUEUE, retryLimit: 0 });
  await boss.createQueue(AUDIT_BATCH_QUEUE, { name: AUDIT_BATCH_QUEUE, retryLimit: 0 });
  const queue: RunQueue = {
    enqueue: (ex, runId) => sendRunJob(boss, ex, runId),
    close: () => Promise.resolve(),
  };
  await boss.work(
    AUDIT_BATCH_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 10 },
    async () => {
      const id = await queueDailyAudit(db, queue, SYSTEM_ACTOR);
      options.log(`Günlük iç denetim kuyruğa alındı: ${id ?? 'fon yok'}`);
    },
  );
  let current: string | null | undefined;
  async function sync(): Promise<string | null> {
    const { settings } = await readInternalAuditSettings(db);
    const cron = auditCron(settings);
    if (cron !== current) current = await syncAuditSchedule(boss, settings);
    return cron;
  }
  await sync();
  const timer = setInterval(() => {
    sync().catch((error: unknown) => options.log('internal audit schedule sync', error));
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
