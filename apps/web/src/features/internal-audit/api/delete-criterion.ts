import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { criteriaKey } from './get-criteria.ts';

/** DELETE internal-audit/criteria/{code}: retires the criterion (its versions stay for past audits). */
export async function deleteCriterion(code: string): Promise<void> {
  await api.delete(`internal-audit/criteria/${encodeURIComponent(code)}`);
}

export function useDeleteCriterion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCriterion,
    onSuccess: () => client.invalidateQueries({ queryKey: criteriaKey }),
  });
}
