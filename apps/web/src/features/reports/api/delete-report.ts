import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REPORT_PATHS } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { apiPath, reportsKey } from './report-cache.ts';

/** DELETE reports/{id}: the report, its files and its keys. */
export async function deleteReport(id: number): Promise<void> {
  await api.delete(apiPath(REPORT_PATHS.report, { id }));
}

export function useDeleteReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteReport,
    onSuccess: () => client.invalidateQueries({ queryKey: reportsKey }),
  });
}
