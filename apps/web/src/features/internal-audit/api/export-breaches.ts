import { useMutation } from '@tanstack/react-query';
import { api, type DownloadedFile } from '../../../lib/api-client.ts';
import { breachQuery, type BreachFilterState } from './get-breaches.ts';

/** GET internal-audit/breaches/export: the filtered list as .xlsx. */
export async function exportBreaches(f: BreachFilterState): Promise<DownloadedFile> {
  return api.getFile('internal-audit/breaches/export', breachQuery(f));
}

export function useExportBreaches() {
  return useMutation({ mutationFn: exportBreaches });
}
