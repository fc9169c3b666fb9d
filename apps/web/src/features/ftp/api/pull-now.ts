import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FtpPullResponseSchema, type FtpPullResponse } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

/** POST ftp/connections/{id}/pull: the transfers of this pull. */
export async function pullNow(id: number): Promise<FtpPullResponse> {
  return FtpPullResponseSchema.parse(
    await api.post<unknown>(`ftp/connections/${String(id)}/pull`, {}),
  );
}

export function usePullNow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: pullNow,
    // Imported files change what the data screens show.
    onSuccess: () => client.invalidateQueries(),
  });
}
