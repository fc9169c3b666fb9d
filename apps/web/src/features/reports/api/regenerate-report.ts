import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REPORT_PATHS, ReportSchema, type Report } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { apiPath, reportKey, reportListKey } from './report-cache.ts';

/** POST reports/{id}/regenerate: the report made again from the same inputs. */
export async function regenerateReport(id: number): Promise<Report> {
  return ReportSchema.parse(await api.post<unknown>(apiPath(REPORT_PATHS.regenerate, { id }), {}));
}

export function useRegenerateReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: regenerateReport,
    onSuccess: (report) => {
      client.setQueryData(reportKey(report.id), report);
      return client.invalidateQueries({ queryKey: reportListKey });
    },
  });
}
