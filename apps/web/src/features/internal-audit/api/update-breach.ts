import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  BreachDetailSchema,
  type BreachDetail,
  type BreachUpdateRequest,
} from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { breachesKey } from './get-breaches.ts';

/** PUT internal-audit/breaches/{id}: status, owner or due date (written to the trail). */
export async function updateBreach({
  id,
  change,
}: {
  id: number;
  change: BreachUpdateRequest;
}): Promise<BreachDetail> {
  return BreachDetailSchema.parse(await api.put<unknown>(`internal-audit/breaches/${id}`, change));
}

export function useUpdateBreach() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateBreach,
    onSuccess: () => client.invalidateQueries({ queryKey: breachesKey }),
  });
}
