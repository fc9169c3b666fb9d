import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  REPORT_PATHS,
  ReportListResponseSchema,
  type ReportListResponse,
} from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { apiPath, isReportFinished, reportListKey, type ReportFilter } from './report-cache.ts';

/** GET reports: the user's reports (Admin: everyone's), newest first, with the filters. */
export async function getReports(filter: ReportFilter): Promise<ReportListResponse> {
  return ReportListResponseSchema.parse(
    await api.get<unknown>(apiPath(REPORT_PATHS.reports), { ...filter }),
  );
}

/** While a listed report is still being prepared, the list is read again every few seconds. */
export const LIST_REFRESH_MS = 3000;

export const reportsQuery = (filter: ReportFilter) =>
  queryOptions({
    queryKey: [...reportListKey, filter],
    queryFn: () => getReports(filter),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.items.some((r) => !isReportFinished(r.status)) ? LIST_REFRESH_MS : false,
  });

export function useReports(filter: ReportFilter) {
  return useQuery(reportsQuery(filter));
}
