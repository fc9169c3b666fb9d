import { useMutation } from '@tanstack/react-query';
import { api, type DownloadedFile } from '../../../lib/api-client.ts';

/** POST analyses/runs/{id}/export without a table: the whole report, one sheet per table, downloaded. */
export async function exportRunReport({ runId }: { runId: string }): Promise<DownloadedFile> {
  return api.postExcelExport(`analyses/runs/${encodeURIComponent(runId)}/export`, {});
}

export function useExportRunReport() {
  return useMutation({ mutationFn: exportRunReport });
}
