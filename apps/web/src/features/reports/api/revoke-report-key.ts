import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REPORT_PATHS } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { apiPath, reportKeysKey } from './report-cache.ts';

/** DELETE reports/{id}/keys/{keyId}: the key stops working at once. */
export async function revokeReportKey({ id, keyId }: { id: number; keyId: number }): Promise<void> {
  await api.delete(apiPath(REPORT_PATHS.key, { id, keyId }));
}

export function useRevokeReportKey(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (keyId: number) => revokeReportKey({ id, keyId }),
    onSuccess: () => client.invalidateQueries({ queryKey: reportKeysKey(id) }),
  });
}
