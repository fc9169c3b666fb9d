import type { FastifyInstance } from 'fastify';
import type { Database } from '@fonrisk/db';
import type { FtpService } from '../ftp/ftp.service.ts';
import { createPdfSettingsService } from './pdf-settings.service.ts';
import { createReportSchedulesService } from './report-schedules.service.ts';
import { createReportTemplatesService } from './report-templates.service.ts';
import { reportsRoutes } from './reports.routes.ts';
import { createReportsService, type ReportsService } from './reports.service.ts';

/** The report services of a server (tests and the bench reach the reports through it). */
export interface Reporting {
  readonly reports: ReportsService;
}

declare module 'fastify' {
  interface FastifyInstance {
    readonly reporting: Reporting;
  }
}

export interface ReportsModuleOptions {
  readonly db: Database;
  readonly ftp: Pick<FtpService, 'pushFile'>;
}

/**
 * Reports (issue 15): the routes. The API only inserts queued reports (and announces them);
 * generation and the schedules run in the worker processes (report-worker.ts, decision 0043).
 */
export async function registerReports(
  api: FastifyInstance,
  options: ReportsModuleOptions,
): Promise<Reporting> {
  const { db } = options;
  const reports = createReportsService(db);
  await api.register(reportsRoutes, {
    reports,
    templates: createReportTemplatesService(db),
    pdfSettings: createPdfSettingsService(db),
    schedules: createReportSchedulesService(db),
    ftp: options.ftp,
  });
  return { reports };
}
