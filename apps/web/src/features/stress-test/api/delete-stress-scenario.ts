import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { stressScenariosKey } from './get-stress-scenarios.ts';

/** DELETE stress-scenarios/{id}. */
export async function deleteStressScenario(id: number): Promise<void> {
  await api.delete(`stress-scenarios/${id}`);
}

export function useDeleteStressScenario() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteStressScenario,
    onSuccess: () => client.invalidateQueries({ queryKey: stressScenariosKey }),
  });
}
