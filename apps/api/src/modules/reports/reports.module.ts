import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@fonrisk/db';
import { createRunQueue } from '../analyses/run-queue.ts';
import type { FtpService } from '../ftp/ftp.service.ts';
import { createPdfSettingsService } from './pdf-settings.service.ts';
import { createReportFiles, type ReportFiles } from './report-files.ts';
import { startReportJobs, type ReportJobs } from './report-jobs.ts';
import { startReportScheduler, type ReportScheduler } from './report-schedule.ts';
import { createReportSchedulesService } from './report-schedules.service.ts';
import { createReportTemplatesService } from './report-templates.service.ts';
import { reportsRoutes } from './reports.routes.ts';
import { createReportsService, type ReportsService } from './reports.service.ts';

/** The report machinery of a server (tests and the bench wait on its jobs). */
export interface Reporting {
  readonly jobs: ReportJobs;
  readonly files: ReportFiles;
  readonly reports: ReportsService;
  readonly scheduler: ReportScheduler | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    readonly reporting: Reporting;
  }
}

export interface ReportsModuleOptions {
  readonly db: Database;
  readonly ftp: Pick<FtpService, 'pushFile'>;
  readonly dir?: string | undefined;
  readonly schedules?: boolean | undefined;
}

/**
 * Reports (issue 15): the routes, the report jobs of this process and, when asked, the
 * scheduler. Files live under `dir` (a temporary folder when none is given: tests).
 */
export async function registerReports(
  api: FastifyInstance,
  options: ReportsModuleOptions,
): Promise<Reporting> {
  const { db } = options;
  const log = (message: string, error?: unknown) =>
    error === undefined ? api.log.info(message) : api.log.error({ err: error }, message);
  const files = createReportFiles(options.dir ?? mkdtempSync(join(tmpdir(), 'fonrisk-reports-')));
  const queue = createRunQueue(db, (error) => log('report run queue', error));
  let jobs: ReportJobs | null = null;
  const wake = () => jobs?.wake();
  const reports = createReportsService(db, files, wake);
  jobs = startReportJobs({ db, queue, files }, { log });
  const scheduler = options.schedules
    ? startReportScheduler({ db, reports, files, wake, ftp: options.ftp, log })
    : null;
  api.addHook('onClose', async () => {
    scheduler?.stop();
    await jobs.stop();
    await queue.close();
  });
  await api.register(reportsRoutes, {
    reports,
    templates: createReportTemplatesService(db),
    pdfSettings: createPdfSettingsService(db),
    schedules: createReportSchedulesService(db),
    ftp: options.ftp,
  });
  return { jobs, files, reports, scheduler };
}
