import { queryOptions, useQuery } from '@tanstack/react-query';
import { UnifiedPortfolioSchema, type UnifiedPortfolio } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

export const unifiedPortfoliosKey = ['unified-portfolios'] as const;

/** GET unified-portfolios: each unified code with its member portfolios. */
export async function getUnifiedPortfolios(): Promise<UnifiedPortfolio[]> {
  return UnifiedPortfolioSchema.array().parse(await api.get<unknown>('unified-portfolios'));
}

export const unifiedPortfoliosQuery = queryOptions({
  queryKey: unifiedPortfoliosKey,
  queryFn: getUnifiedPortfolios,
});

export function useUnifiedPortfolios() {
  return useQuery(unifiedPortfoliosQuery);
}
