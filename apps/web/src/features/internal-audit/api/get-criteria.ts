import { useQuery } from '@tanstack/react-query';
import {
  CriteriaListResponseSchema,
  CriterionVersionsResponseSchema,
  type Criterion,
} from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

export const criteriaKey = ['internal-audit', 'criteria'] as const;

/** GET internal-audit/criteria: the current version of every criterion. */
export async function getCriteria(): Promise<Criterion[]> {
  return CriteriaListResponseSchema.parse(await api.get<unknown>('internal-audit/criteria'))
    .criteria;
}

export function useCriteria() {
  return useQuery({ queryKey: criteriaKey, queryFn: getCriteria });
}

/** GET internal-audit/criteria/{code}/versions: every stored version, newest first. */
export async function getCriterionVersions(code: string): Promise<Criterion[]> {
  return CriterionVersionsResponseSchema.parse(
    await api.get<unknown>(`internal-audit/criteria/${encodeURIComponent(code)}/versions`),
  ).versions;
}

export function useCriterionVersions(code: string | null) {
  return useQuery({
    queryKey: [...criteriaKey, code, 'versions'],
    queryFn: () => getCriterionVersions(code ?? ''),
    enabled: code !== null,
  });
}
