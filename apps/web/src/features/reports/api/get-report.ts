import { queryOptions, useQuery } from '@tanstack/react-query';
import { REPORT_PATHS, ReportSchema, type Report } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { apiPath, isReportFinished, reportKey } from './report-cache.ts';

/** GET reports/{id}: the report with its progress, the runs it used and its files. */
export async function getReport(id: number): Promise<Report> {
  return ReportSchema.parse(await api.get<unknown>(apiPath(REPORT_PATHS.report, { id })));
}

/** How often a report being prepared is read again (its progress bar follows it). */
export const PROGRESS_REFRESH_MS = 1000;

export const reportQuery = (id: number) =>
  queryOptions({
    queryKey: reportKey(id),
    queryFn: () => getReport(id),
    refetchInterval: (query) =>
      query.state.data && isReportFinished(query.state.data.status) ? false : PROGRESS_REFRESH_MS,
  });

/** A report, followed until it is ready or has failed. */
export function useReport(id: number | null) {
  return useQuery({ ...reportQuery(id ?? 0), enabled: id !== null });
}
