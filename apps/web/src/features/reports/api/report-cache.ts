import { reportPath, type ReportStatus } from '@fonrisk/contracts';

/** Query keys of the report screens: every report query sits under `reportsKey`. */
export const reportsKey = ['reports'] as const;
export const reportListKey = [...reportsKey, 'list'] as const;
export const reportKey = (id: number) => [...reportsKey, 'one', id] as const;
export const reportKeysKey = (id: number) => [...reportsKey, 'keys', id] as const;
export const templatesKey = ['report-templates'] as const;
export const pdfSettingsKey = ['pdf-settings'] as const;
export const schedulesKey = ['report-schedules'] as const;

/**
 * A REPORT_PATHS entry as the API client takes it: parameters filled, without the `/api/` base
 * (the client prefixes the runtime config's base address).
 */
export function apiPath(
  path: string,
  params: Readonly<Record<string, string | number>> = {},
): string {
  return reportPath(path, params).replace(/^\/api\//, '');
}

/** A report that is ready or has failed no longer changes (until it is regenerated). */
export function isReportFinished(status: ReportStatus): boolean {
  return status === 'done' || status === 'failed';
}

/** The my-reports filters as GET reports takes them (ReportListQuerySchema). */
export interface ReportFilter {
  readonly module?: number;
  readonly status?: ReportStatus;
  readonly from?: string;
  readonly to?: string;
  readonly limit?: number;
  readonly offset?: number;
}
