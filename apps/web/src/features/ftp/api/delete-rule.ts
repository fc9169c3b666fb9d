import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ftpKey } from './get-connections.ts';

/** DELETE ftp/rules/{id} */
export async function deleteRule(id: number): Promise<void> {
  await api.delete(`ftp/rules/${String(id)}`);
}

export function useDeleteRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteRule,
    onSuccess: () => client.invalidateQueries({ queryKey: [...ftpKey, 'rules'] }),
  });
}
