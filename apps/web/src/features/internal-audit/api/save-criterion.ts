import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CriterionSchema, type Criterion, type CriterionRule } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { criteriaKey } from './get-criteria.ts';

/** POST internal-audit/criteria (new) or PUT internal-audit/criteria/{code} (a new version). */
export async function saveCriterion({
  rule,
  isNew,
}: {
  rule: CriterionRule;
  isNew: boolean;
}): Promise<Criterion> {
  const saved = isNew
    ? await api.post<unknown>('internal-audit/criteria', rule)
    : await api.put<unknown>(`internal-audit/criteria/${encodeURIComponent(rule.code)}`, rule);
  return CriterionSchema.parse(saved);
}

export function useSaveCriterion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveCriterion,
    onSuccess: () => client.invalidateQueries({ queryKey: criteriaKey }),
  });
}
