import { queryOptions, useQuery } from '@tanstack/react-query';
import { PortfolioSummarySchema, type PortfolioSummary } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

export type PortfolioListKind = 'fund' | 'customer' | 'unified';

export const portfoliosKey = ['portfolios'] as const;

/**
 * GET portfolios?kind=: funds, customer portfolios or unified portfolios (all when no kind).
 * Retired portfolios only with `includeRetired` (the portfolio records; never a picker).
 */
export async function getPortfolios(
  kind?: PortfolioListKind,
  includeRetired = false,
): Promise<PortfolioSummary[]> {
  const query = {
    ...(kind ? { kind } : {}),
    ...(includeRetired ? { includeRetired: 'true' } : {}),
  };
  return PortfolioSummarySchema.array().parse(
    await api.get<unknown>('portfolios', Object.keys(query).length > 0 ? query : undefined),
  );
}

export const portfoliosQuery = (kind?: PortfolioListKind, includeRetired = false) =>
  queryOptions({
    queryKey: [...portfoliosKey, kind ?? 'all', ...(includeRetired ? ['retired'] : [])],
    queryFn: () => getPortfolios(kind, includeRetired),
  });

export function usePortfolios(kind?: PortfolioListKind, includeRetired = false) {
  return useQuery(portfoliosQuery(kind, includeRetired));
}
