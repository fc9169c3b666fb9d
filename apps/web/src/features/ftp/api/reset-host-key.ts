import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FtpConnectionSchema, type FtpConnection } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { ftpKey } from './get-connections.ts';

/** POST ftp/connections/{id}/host-key/reset: the next connection pins the key it is shown. */
export async function resetHostKey(id: number): Promise<FtpConnection> {
  return FtpConnectionSchema.parse(
    await api.post<unknown>(`ftp/connections/${String(id)}/host-key/reset`, {}),
  );
}

export function useResetHostKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resetHostKey,
    onSuccess: () => client.invalidateQueries({ queryKey: ftpKey }),
  });
}
