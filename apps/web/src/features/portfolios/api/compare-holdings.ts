import { queryOptions, useQuery } from '@tanstack/react-query';
import { HoldingsComparisonSchema, type HoldingsComparison } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET portfolios/{code}/compare?from=&to=: each instrument's change between two snapshot dates. */
export async function compareHoldings(
  code: string,
  from: string,
  to: string,
): Promise<HoldingsComparison> {
  return HoldingsComparisonSchema.parse(
    await api.get<unknown>(`portfolios/${encodeURIComponent(code)}/compare`, { from, to }),
  );
}

export const compareHoldingsQuery = (code: string, from: string, to: string) =>
  queryOptions({
    queryKey: ['portfolios', code, 'compare', from, to],
    queryFn: () => compareHoldings(code, from, to),
  });

export function useCompareHoldings(code: string, from: string | null, to: string | null) {
  return useQuery({
    ...compareHoldingsQuery(code, from ?? '', to ?? ''),
    enabled: from !== null && to !== null && from !== to,
  });
}
