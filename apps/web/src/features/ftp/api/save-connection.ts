import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  FtpConnectionSchema,
  type FtpConnection,
  type FtpConnectionInput,
} from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { ftpKey } from './get-connections.ts';

/** POST ftp/connections (new) or PUT ftp/connections/{id}; absent secrets stay as stored. */
export async function saveConnection({
  id,
  request,
}: {
  id: number | null;
  request: FtpConnectionInput;
}): Promise<FtpConnection> {
  const saved =
    id === null
      ? await api.post<unknown>('ftp/connections', request)
      : await api.put<unknown>(`ftp/connections/${String(id)}`, request);
  return FtpConnectionSchema.parse(saved);
}

export function useSaveConnection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveConnection,
    onSuccess: () => client.invalidateQueries({ queryKey: ftpKey }),
  });
}
