import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CreatedReportKeySchema,
  REPORT_PATHS,
  type CreateReportKeyRequest,
  type CreatedReportKey,
} from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { apiPath, reportKeysKey } from './report-cache.ts';

/** POST reports/{id}/keys: a new share key; its secret comes back this once. */
export async function createReportKey({
  id,
  request,
}: {
  id: number;
  request: CreateReportKeyRequest;
}): Promise<CreatedReportKey> {
  return CreatedReportKeySchema.parse(
    await api.post<unknown>(apiPath(REPORT_PATHS.keys, { id }), request),
  );
}

export function useCreateReportKey(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateReportKeyRequest) => createReportKey({ id, request }),
    onSuccess: () => client.invalidateQueries({ queryKey: reportKeysKey(id) }),
  });
}
