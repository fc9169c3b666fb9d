import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** DELETE Authorization/Users/{id}. */
export async function deleteUser(id: number): Promise<void> {
  await api.delete(`Authorization/Users/${id}`);
}

export function useDeleteUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => client.invalidateQueries({ queryKey: ['users'] }),
  });
}
