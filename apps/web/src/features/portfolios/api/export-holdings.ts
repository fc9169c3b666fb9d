import { useMutation } from '@tanstack/react-query';
import { api, type DownloadedFile } from '../../../lib/api-client.ts';

/** POST portfolios/{code}/holdings/export { date }: the snapshot as .xlsx, downloaded by the browser. */
export async function exportHoldings({
  code,
  date,
}: {
  code: string;
  date: string;
}): Promise<DownloadedFile> {
  return api.postExcelExport(`portfolios/${encodeURIComponent(code)}/holdings/export`, { date });
}

export function useExportHoldings() {
  return useMutation({ mutationFn: exportHoldings });
}
