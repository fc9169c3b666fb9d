import { useMutation } from '@tanstack/react-query';
import { api, type DownloadedFile } from '../../../lib/api-client.ts';

/** GET internal-audit/criteria/export?format=: the criteria set, downloaded by the browser. */
export async function exportCriteria(format: 'json' | 'xlsx'): Promise<DownloadedFile> {
  return api.getFile('internal-audit/criteria/export', { format });
}

export function useExportCriteria() {
  return useMutation({ mutationFn: exportCriteria });
}
