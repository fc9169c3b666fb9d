import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  BreachDetailSchema,
  BreachListResponseSchema,
  type Breach,
  type BreachDetail,
  type BreachStatus,
} from '@fonrisk/contracts';
import { api, type QueryParams } from '../../../lib/api-client.ts';

export const breachesKey = ['internal-audit', 'breaches'] as const;

export interface BreachFilterState {
  readonly portfolioCodes: string[];
  readonly criterionCodes: string[];
  readonly statuses: BreachStatus[];
  readonly minAgeDays: number | '';
}

export function breachQuery(f: BreachFilterState): QueryParams {
  return {
    portfolioCodes: f.portfolioCodes.join(',') || undefined,
    criterionCodes: f.criterionCodes.join(',') || undefined,
    statuses: f.statuses.join(',') || undefined,
    minAgeDays: f.minAgeDays === '' ? undefined : f.minAgeDays,
  };
}

/** GET internal-audit/breaches: tracked breaches filtered by fund, criterion, status and age. */
export async function getBreaches(f: BreachFilterState): Promise<Breach[]> {
  return BreachListResponseSchema.parse(
    await api.get<unknown>('internal-audit/breaches', breachQuery(f)),
  ).breaches;
}

export function useBreaches(f: BreachFilterState) {
  return useQuery({
    queryKey: [...breachesKey, f],
    queryFn: () => getBreaches(f),
    placeholderData: keepPreviousData,
  });
}

/** GET internal-audit/breaches/{id}: the breach with its trail. */
export async function getBreach(id: number): Promise<BreachDetail> {
  return BreachDetailSchema.parse(await api.get<unknown>(`internal-audit/breaches/${id}`));
}

export function useBreach(id: number | null) {
  return useQuery({
    queryKey: [...breachesKey, 'detail', id],
    queryFn: () => getBreach(id ?? 0),
    enabled: id !== null,
  });
}
