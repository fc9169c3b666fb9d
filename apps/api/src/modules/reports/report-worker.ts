import type { Database } from '@fonrisk/db';
import { createRunQueue } from '../analyses/run-queue.ts';
import type { FtpService } from '../ftp/ftp.service.ts';
import { startReportJobs, type ReportJobOptions, type ReportJobs } from './report-jobs.ts';
import { startReportScheduler, type ReportScheduler } from './report-schedule.ts';

/** The report side of a worker process: the job loop and the scheduled reports. */
export interface ReportWorker {
  readonly jobs: ReportJobs;
  readonly scheduler: ReportScheduler | null;
  stop(): Promise<void>;
}

export interface ReportWorkerOptions extends Pick<ReportJobOptions, 'intervalMs'> {
  readonly log: (message: string, error?: unknown) => void;
  /** Pushes a scheduled report to its FTP connection (null: no delivery in this process). */
  readonly ftp: Pick<FtpService, 'pushFile'> | null;
  /** Whether this process runs the report schedules too (true in the worker process). */
  readonly schedules: boolean;
  /** How often the analyses a report waits for are looked at (500 ms). */
  readonly pollMs?: number;
}

/**
 * Starts report generation in this process (decision 0043: the worker process, `npm run worker`
 * on any machine against DATABASE_URL): reports queued by any API replica are claimed one at a
 * time (SKIP LOCKED), their analyses are queued on the analysis queue, and their files are stored
 * in PostgreSQL. With `schedules`, the due scheduled reports are queued and delivered here too.
 */
export async function startReportWorker(
  db: Database,
  options: ReportWorkerOptions,
): Promise<ReportWorker> {
  const queue = createRunQueue(db, (error) => options.log('report run queue', error));
  const jobs = startReportJobs(
    { db, queue, ...(options.pollMs === undefined ? {} : { pollMs: options.pollMs }) },
    {
      log: options.log,
      ...(options.intervalMs === undefined ? {} : { intervalMs: options.intervalMs }),
    },
  );
  const scheduler = options.schedules
    ? await startReportScheduler({
        db,
        log: options.log,
        ...(options.ftp ? { ftp: options.ftp } : {}),
      })
    : null;
  return {
    jobs,
    scheduler,
    async stop() {
      await scheduler?.stop();
      await jobs.stop();
      await queue.close();
    },
  };
}
