import { queryOptions, useQuery } from '@tanstack/react-query';
import { UnmappedHoldingSchema, type UnmappedHolding } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { tickerMappingsKey } from './get-ticker-mappings.ts';

/** GET ticker-mappings/unmapped: held instruments without a series, largest weight first. */
export async function getUnmapped(): Promise<UnmappedHolding[]> {
  return UnmappedHoldingSchema.array().parse(await api.get<unknown>('ticker-mappings/unmapped'));
}

export const unmappedQuery = queryOptions({
  queryKey: [...tickerMappingsKey, 'unmapped'],
  queryFn: getUnmapped,
});

export function useUnmapped() {
  return useQuery(unmappedQuery);
}
