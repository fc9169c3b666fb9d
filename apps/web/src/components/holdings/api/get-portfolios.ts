import { queryOptions, useQuery } from '@tanstack/react-query';
import { PortfolioSummarySchema, type PortfolioSummary } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

export type PortfolioListKind = 'fund' | 'customer' | 'unified';

export const portfoliosKey = ['portfolios'] as const;

/** GET portfolios?kind=: funds, customer portfolios or unified portfolios (all when no kind). */
export async function getPortfolios(kind?: PortfolioListKind): Promise<PortfolioSummary[]> {
  return PortfolioSummarySchema.array().parse(
    await api.get<unknown>('portfolios', kind ? { kind } : undefined),
  );
}

export const portfoliosQuery = (kind?: PortfolioListKind) =>
  queryOptions({ queryKey: [...portfoliosKey, kind ?? 'all'], queryFn: () => getPortfolios(kind) });

export function usePortfolios(kind?: PortfolioListKind) {
  return useQuery(portfoliosQuery(kind));
}
