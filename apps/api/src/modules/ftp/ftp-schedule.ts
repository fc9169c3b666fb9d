import { createQueueConcurrently, listenForJobs, type Database } from '@fonrisk/db';
import {
  ISTANBUL_TIME_ZONE,
  startIstanbulScheduler,
  syncIstanbulJobs,
  weekdayCron,
  type IstanbulBoss,
  type IstanbulScheduler,
} from '../../jobs/istanbul-schedule.ts';
import type { FtpService } from './ftp.service.ts';
import { PullInProgressError } from './ftp.errors.ts';
import { FTP_PULL_QUEUE, runFtpPullJob, type FtpPullJob } from './ftp-jobs.ts';

/** Each scheduled connection has its own pg-boss queue and cron: `ftp-pull-<id>`. */
export const FTP_PULL_QUEUE_PREFIX = 'ftp-pull-';
/** Custodians deliver on the Istanbul business day. */
export const FTP_PULL_TIME_ZONE = ISTANBUL_TIME_ZONE;

export const ftpPullQueue = (connectionId: number) => `${FTP_PULL_QUEUE_PREFIX}${connectionId}`;

/** A connection's HH:MM as a Monday-to-Friday cron. */
export const ftpPullCron = weekdayCron;

/** The part of pg-boss the schedule uses. */
export type FtpScheduleBoss = IstanbulBoss;

export type FtpScheduler = IstanbulScheduler<Map<string, string>>;

export interface FtpSchedulerOptions {
  readonly log: (message: string, error?: unknown) => void;
  /** How often saved schedules are looked at (60 s). */
  readonly syncIntervalMs?: number;
  /** How often this process asks pg-boss for a due pull (10 s). */
  readonly pollingIntervalSeconds?: number;
  /** Poll interval of the on-demand queue `ftp-pull` (2 s; a NOTIFY wakes it at once). */
  readonly onDemandPollingSeconds?: number;
}

/**
 * One cron per scheduled connection on the Istanbul scheduler (jobs/istanbul-schedule.ts),
 * worked in this process (the worker, decision 0021). The job runs the same pull as the
 * "Şimdi çek" button, as 'Zamanlayıcı'; its failures are in the transfer log, on the connection
 * (lastScheduledFailure) and in the audit log. Returns the queue -> cron in force.
 */
export async function syncFtpSchedules(
  boss: FtpScheduleBoss,
  ftp: Pick<FtpService, 'scheduledConnections' | 'pull'>,
  working: Set<string>,
  options: Pick<FtpSchedulerOptions, 'log' | 'pollingIntervalSeconds'>,
): Promise<Map<string, string>> {
  const wanted = (await ftp.scheduledConnections()).map((c) => {
    const name = ftpPullQueue(c.id);
    return {
      name,
      cron: ftpPullCron(c.scheduleTime),
      run: async () => {
        try {
          const result = await ftp.pull(c.id, { kind: 'schedule' });
          options.log(`Zamanlanmış FTP çekme (${name}): ${result.message}`);
        } catch (error) {
          if (error instanceof PullInProgressError) options.log(error.detail);
          else options.log(`Zamanlanmış FTP çekme (${name}) başarısız`, error);
        }
      },
    };
  });
  return syncIstanbulJobs(
    boss,
    wanted,
    (name) => name.startsWith(FTP_PULL_QUEUE_PREFIX),
    working,
    options,
  );
}

/**
 * The worker side of file delivery (decision 0021): the scheduled pulls' crons and queues, and
 * the on-demand queue `ftp-pull` the API sends "Şimdi çek" to. Started by the worker process
 * (worker-main.ts); the API process only enqueues.
 */
export function startFtpScheduler(
  db: Database,
  ftp: Pick<FtpService, 'scheduledConnections' | 'pull'>,
  options: FtpSchedulerOptions,
): Promise<FtpScheduler> {
  return startIstanbulScheduler(db, { name: 'ftp schedule', ...options }, async (boss) => {
    await createQueueConcurrently(boss, FTP_PULL_QUEUE, { name: FTP_PULL_QUEUE, retryLimit: 0 });
    const onDemand = await boss.work<FtpPullJob>(
      FTP_PULL_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: options.onDemandPollingSeconds ?? 2 },
      async ([job]) => (job ? runFtpPullJob(ftp, job.data) : undefined),
    );
    // The API announces each on-demand pull (NOTIFY at send): fetch it at once, not at the poll.
    const wakeUp = listenForJobs(
      db,
      (queue) => {
        if (queue === FTP_PULL_QUEUE) boss.notifyWorker(onDemand);
      },
      (error) => options.log('ftp pull wake-up', error),
    );
    await wakeUp.ready;
    const working = new Set<string>();
    return {
      sync: () => syncFtpSchedules(boss, ftp, working, options),
      stop: () => wakeUp.close(),
    };
  });
}
