import { listenForJobs, rawSqlExecutor, type Database } from '@fonrisk/db';
import PgBoss from 'pg-boss';
import type { FtpService } from './ftp.service.ts';
import { PullInProgressError } from './ftp.errors.ts';
import { FTP_PULL_QUEUE, runFtpPullJob, type FtpPullJob } from './ftp-jobs.ts';

/** Each scheduled connection has its own pg-boss queue and cron: `ftp-pull-<id>`. */
export const FTP_PULL_QUEUE_PREFIX = 'ftp-pull-';
/** Custodians deliver on the Istanbul business day. */
export const FTP_PULL_TIME_ZONE = 'Europe/Istanbul';

export const ftpPullQueue = (connectionId: number) => `${FTP_PULL_QUEUE_PREFIX}${connectionId}`;

/** A connection's HH:MM as a Monday-to-Friday cron. */
export function ftpPullCron(scheduleTime: string): string {
  const [hours, minutes] = scheduleTime.split(':').map(Number);
  return `${minutes} ${hours} * * 1-5`;
}

/** The part of pg-boss the schedule uses. */
export interface FtpScheduleBoss {
  createQueue(name: string, options?: PgBoss.Queue): Promise<void>;
  schedule(
    name: string,
    cron: string,
    data?: object,
    options?: PgBoss.ScheduleOptions,
  ): Promise<void>;
  unschedule(name: string): Promise<void>;
  getSchedules(): Promise<PgBoss.Schedule[]>;
  work(
    name: string,
    options: PgBoss.WorkOptions,
    handler: PgBoss.WorkHandler<object>,
  ): Promise<string>;
  offWork(name: string): Promise<void>;
}

export interface FtpScheduler {
  /** Brings pg-boss in line with the saved connections; returns the queue -> cron in force. */
  sync(): Promise<Map<string, string>>;
  stop(): Promise<void>;
}

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
 * Registers one cron per scheduled connection and works its queue in this process (the worker,
 * decision 0021: pg-boss sends one job per tick however many worker processes run). The job
 * runs the same pull as the "Şimdi çek" button, as 'Zamanlayıcı'; its failures are in the
 * transfer log, on the connection (lastScheduledFailure) and in the audit log.
 */
export async function syncFtpSchedules(
  boss: FtpScheduleBoss,
  ftp: Pick<FtpService, 'scheduledConnections' | 'pull'>,
  working: Set<string>,
  options: Pick<FtpSchedulerOptions, 'log' | 'pollingIntervalSeconds'>,
): Promise<Map<string, string>> {
  const wanted = new Map(
    (await ftp.scheduledConnections()).map((c) => [
      ftpPullQueue(c.id),
      { id: c.id, cron: ftpPullCron(c.scheduleTime) },
    ]),
  );
  const existing = new Map(
    (await boss.getSchedules())
      .filter((s) => s.name.startsWith(FTP_PULL_QUEUE_PREFIX))
      .map((s) => [s.name, s.cron]),
  );
  for (const [name] of existing) {
    if (!wanted.has(name)) await boss.unschedule(name);
  }
  for (const name of working) {
    if (!wanted.has(name)) {
      await boss.offWork(name);
      working.delete(name);
    }
  }
  for (const [name, { id, cron }] of wanted) {
    if (existing.get(name) !== cron) {
      await boss.createQueue(name, { name, retryLimit: 0 });
      await boss.schedule(name, cron, {}, { tz: FTP_PULL_TIME_ZONE, retryLimit: 0 });
    }
    if (!working.has(name)) {
      await boss.work(
        name,
        { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 10 },
        async () => {
          try {
            const result = await ftp.pull(id, { kind: 'schedule' });
            options.log(`Zamanlanmış FTP çekme (${name}): ${result.message}`);
          } catch (error) {
            if (error instanceof PullInProgressError) options.log(error.detail);
            else options.log(`Zamanlanmış FTP çekme (${name}) başarısız`, error);
          }
        },
      );
      working.add(name);
    }
  }
  return new Map([...wanted].map(([name, w]) => [name, w.cron]));
}

/**
 * The worker side of file delivery (decision 0021): the scheduled pulls' crons and queues, and
 * the on-demand queue `ftp-pull` the API sends "Şimdi çek" to. Started by the worker process
 * (worker-main.ts); the API process only enqueues.
 */
export async function startFtpScheduler(
  db: Database,
  ftp: Pick<FtpService, 'scheduledConnections' | 'pull'>,
  options: FtpSchedulerOptions,
): Promise<FtpScheduler> {
  const boss = new PgBoss({
    db: rawSqlExecutor(db),
    schema: 'pgboss',
    supervise: false,
    schedule: true,
  });
  boss.on('error', (error) => options.log('ftp schedule', error));
  await boss.start();
  await boss.createQueue(FTP_PULL_QUEUE, { name: FTP_PULL_QUEUE, retryLimit: 0 });
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
  const sync = () => syncFtpSchedules(boss, ftp, working, options);
  await sync();
  const timer = setInterval(() => {
    sync().catch((error: unknown) => options.log('ftp schedule sync', error));
  }, options.syncIntervalMs ?? 60_000);
  timer.unref();
  return {
    sync,
    async stop() {
      clearInterval(timer);
      await wakeUp.close();
      await boss.stop({ graceful: true, close: false, wait: true });
    },
  };
}
