import type { InternalAuditSettings } from '@fonrisk/contracts';
import type { Database } from '@fonrisk/db';
import {
  ISTANBUL_TIME_ZONE,
  applyIstanbulCron,
  weekdayCron,
  type IstanbulScheduler,
  type ScheduleBoss,
} from '../../jobs/istanbul-schedule.ts';
import { startDailyRunBatch } from '../../jobs/daily-run-batch.ts';
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
  return startDailyRunBatch(
    db,
    { name: 'internal audit schedule', ...options },
    {
      queueName: AUDIT_BATCH_QUEUE,
      cron: async () => auditCron((await readInternalAuditSettings(db)).settings),
      async queueRuns(queue) {
        const id = await queueDailyAudit(db, queue, SYSTEM_ACTOR);
        return `Günlük iç denetim kuyruğa alındı: ${id ?? 'fon yok'}`;
      },
    },
  );
}
