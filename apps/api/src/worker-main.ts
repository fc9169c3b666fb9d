// The worker process (`npm run worker`, and the child `npm start` runs): the analysis worker of
// apps/worker plus the file-delivery pulls (decision 0021) and report generation with the report
// schedules (decision 0043). It lives in this workspace because those call the API's services;
// apps/worker stays free of application modules and receives them as WorkerServices.
import { pathToFileURL } from 'node:url';
import type { Database } from '@fonrisk/db';
import {
  ANALYSIS_HANDLERS,
  startWorkerFromEnv,
  type Logger,
  type WorkerService,
} from '@fonrisk/worker';
import { parseEnv, resolveSecretsKey } from './config/env.ts';
import { createImportsService } from './modules/data-imports/imports.service.ts';
import { startFtpScheduler } from './modules/ftp/ftp-schedule.ts';
import { createFtpService } from './modules/ftp/ftp.service.ts';
import { createSecretBox } from './modules/ftp/ftp-secrets.ts';
import { startReportWorker } from './modules/reports/report-worker.ts';

function serviceLog(logger: Logger) {
  return (message: string, error?: unknown) =>
    error === undefined
      ? logger.info(message)
      : logger.error(message, {
          error: error instanceof Error ? error.message : JSON.stringify(error),
        });
}

function ftpServiceOf(db: Database, log: (message: string, error?: unknown) => void) {
  return createFtpService(db, {
    secrets: createSecretBox(resolveSecretsKey(parseEnv(process.env))),
    imports: createImportsService(db),
    log,
  });
}

/**
 * FTP/FTPS/SFTP pulls: the crons of scheduled connections and the on-demand queue `ftp-pull`.
 * The secrets key is the API's (FONRISK_SECRETS_KEY, or the data directory's `secrets-key`).
 */
export const FILE_DELIVERY_SERVICE: WorkerService = {
  name: 'ftp-pulls',
  async start(db, logger) {
    const log = serviceLog(logger);
    return startFtpScheduler(db, ftpServiceOf(db, log), { log });
  },
};

/**
 * Reports (decision 0043): the job loop that generates the reports any API replica queued (woken
 * by their announcement, one worker per report) and the report schedules, whose reports are
 * pushed to their FTP connection once done.
 */
export const REPORT_SERVICE: WorkerService = {
  name: 'reports',
  async start(db, logger) {
    const log = serviceLog(logger);
    const worker = await startReportWorker(db, {
      log,
      ftp: ftpServiceOf(db, log),
      schedules: true,
    });
    await worker.jobs.ready;
    return worker;
  },
};

/** The services of the worker process, in start order. */
export const WORKER_SERVICES: readonly WorkerService[] = [FILE_DELIVERY_SERVICE, REPORT_SERVICE];

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  startWorkerFromEnv(ANALYSIS_HANDLERS, process.env, WORKER_SERVICES).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
