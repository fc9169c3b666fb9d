import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ftpKey } from './get-connections.ts';

/** DELETE ftp/connections/{id} (its rules go with it; the transfer log stays). */
export async function deleteConnection(id: number): Promise<void> {
  await api.delete(`ftp/connections/${String(id)}`);
}

export function useDeleteConnection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteConnection,
    onSuccess: () => client.invalidateQueries({ queryKey: ftpKey }),
  });
}
