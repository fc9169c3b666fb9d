import { queryOptions, useQuery } from '@tanstack/react-query';
import { TickerMappingSchema, type TickerMapping } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

export const tickerMappingsKey = ['ticker-mappings'] as const;

/** GET ticker-mappings: every mapping with its series' coverage of history. */
export async function getTickerMappings(): Promise<TickerMapping[]> {
  return TickerMappingSchema.array().parse(await api.get<unknown>('ticker-mappings'));
}

export const tickerMappingsQuery = queryOptions({
  queryKey: [...tickerMappingsKey, 'list'],
  queryFn: getTickerMappings,
});

export function useTickerMappings() {
  return useQuery(tickerMappingsQuery);
}
