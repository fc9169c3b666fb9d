import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** DELETE corporate-actions/{id}; the series are rebuilt without it. */
export async function deleteCorporateAction(id: number): Promise<void> {
  await api.delete(`corporate-actions/${id}`);
}

export function useDeleteCorporateAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCorporateAction,
    onSuccess: () => client.invalidateQueries(),
  });
}
