import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  UnifiedPortfolioSchema,
  type UnifiedPortfolio,
  type UnifiedPortfolioRequest,
} from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { portfoliosKey } from '../../../components/holdings/api/get-portfolios.ts';
import { unifiedPortfoliosKey } from './get-unified-portfolios.ts';

/** POST unified-portfolios (new) or PUT unified-portfolios/{id} (edit). */
export async function saveUnifiedPortfolio({
  id,
  ...body
}: UnifiedPortfolioRequest & { id?: number }): Promise<UnifiedPortfolio> {
  const saved =
    id === undefined
      ? await api.post<unknown>('unified-portfolios', body)
      : await api.put<unknown>(`unified-portfolios/${id}`, body);
  return UnifiedPortfolioSchema.parse(saved);
}

export function useSaveUnifiedPortfolio() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveUnifiedPortfolio,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: unifiedPortfoliosKey });
      await client.invalidateQueries({ queryKey: portfoliosKey });
    },
  });
}
