import { ANALYSIS_QUEUE, type InternalAuditSettings } from '@fonrisk/contracts';
import type { Database } from '@fonrisk/db';
import {
  ISTANBUL_TIME_ZONE,
  applyIstanbulCron,
  startIstanbulScheduler,
  syncIstanbulJobs,
  weekdayCron,
  type IstanbulScheduler,
  type ScheduleBoss,
} from '../../jobs/istanbul-schedule.ts';
import { sendRunJob, type RunQueue } from '../analyses/run-queue.ts';
import { SYSTEM_ACTOR } from '../rmd-tracking/rmd-batch.ts';
import { queueDailyAudit, readInternalAuditSettings } from './audit-batch.ts';

/** The pg-boss queue (and schedule name) of the daily internal audit. */
export const AUDIT_BATCH_QUEUE = 'internal-audit-daily';
export const AUDIT_BATCH_TIME_ZONE = ISTANBUL_TIME_ZONE;

/** The cron of the daily audit: the settings' HH:MM on Monday to Friday; null when disabled. */
export function auditCron(
  s: Pick<InternalAuditSettings, 'dailyAuditEnabled' | 'dailyAuditTime'>,
): string | null {
  return s.dailyAuditEnabled ? weekdayCron(s.dailyAuditTime) : null;
}

export function syncAuditSchedule(
  boss: ScheduleBoss,
  s: InternalAuditSettings,
): Promise<string | null> {
  return applyIstanbulCron(boss, AUDIT_BATCH_QUEUE, auditCron(s));
}

export type AuditScheduler = IstanbulScheduler<string | null>;

/**
 * The scheduled daily audit of every fund, on the Istanbul scheduler like the daily RMD batch
 * (jobs/istanbul-schedule.ts): the process that takes the cron's job queues one tracked
 * 'internal-audit' run as 'Sistem'.
 */
export function startAuditScheduler(
  db: Database,
  options: {
    readonly log: (message: string, error?: unknown) => void;
    readonly syncIntervalMs?: number;
    readonly pollingIntervalSeconds?: number;
  },
): Promise<AuditScheduler> {
  return startIstanbulScheduler(
    db,
    { name: 'internal audit schedule', ...options },
    async (boss) => {
      await boss.createQueue(ANALYSIS_QUEUE, { name: ANALYSIS_QUEUE, retryLimit: 0 });
      const queue: RunQueue = {
        enqueue: (ex, runId) => sendRunJob(boss, ex, runId),
        close: () => Promise.resolve(),
      };
      const run = async () => {
        const id = await queueDailyAudit(db, queue, SYSTEM_ACTOR);
        options.log(`Günlük iç denetim kuyruğa alındı: ${id ?? 'fon yok'}`);
      };
      const working = new Set<string>();
      return {
        async sync() {
          const { settings } = await readInternalAuditSettings(db);
          const cron = auditCron(settings);
          await syncIstanbulJobs(
            boss,
            [{ name: AUDIT_BATCH_QUEUE, cron, run }],
            (name) => name === AUDIT_BATCH_QUEUE,
            working,
            options,
          );
          return cron;
        },
      };
    },
  );
}
