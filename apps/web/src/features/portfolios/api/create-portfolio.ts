import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  PortfolioSummarySchema,
  type CreatePortfolioRequest,
  type PortfolioSummary,
} from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { portfoliosKey } from '../../../components/holdings/api/get-portfolios.ts';

/** POST portfolios: a new fund or customer portfolio. */
export async function createPortfolio(body: CreatePortfolioRequest): Promise<PortfolioSummary> {
  return PortfolioSummarySchema.parse(await api.post<unknown>('portfolios', body));
}

export function useCreatePortfolio() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createPortfolio,
    onSuccess: () => client.invalidateQueries({ queryKey: portfoliosKey }),
  });
}
