import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  REPORT_PATHS,
  ReportSchema,
  type CreateReportRequest,
  type Report,
} from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { apiPath, reportKey, reportListKey } from './report-cache.ts';

/** POST reports: a template over portfolios and a date or period, or one finished run; queued. */
export async function createReport(request: CreateReportRequest): Promise<Report> {
  return ReportSchema.parse(await api.post<unknown>(apiPath(REPORT_PATHS.reports), request));
}

export function useCreateReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createReport,
    onSuccess: (report) => {
      client.setQueryData(reportKey(report.id), report);
      return client.invalidateQueries({ queryKey: reportListKey });
    },
  });
}
