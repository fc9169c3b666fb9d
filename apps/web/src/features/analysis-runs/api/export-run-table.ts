import { useMutation } from '@tanstack/react-query';
import { api, type DownloadedFile } from '../../../lib/api-client.ts';

/** POST analyses/runs/{id}/export { table }: one result table as .xlsx (tr-TR formats), downloaded. */
export async function exportRunTable({
  runId,
  table,
}: {
  runId: string;
  table: string;
}): Promise<DownloadedFile> {
  return api.postExcelExport(`analyses/runs/${encodeURIComponent(runId)}/export`, { table });
}

export function useExportRunTable() {
  return useMutation({ mutationFn: exportRunTable });
}
