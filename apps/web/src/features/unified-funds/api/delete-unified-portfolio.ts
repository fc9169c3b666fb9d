import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { portfoliosKey } from '../../../components/holdings/api/get-portfolios.ts';
import { unifiedPortfoliosKey } from './get-unified-portfolios.ts';

/** DELETE unified-portfolios/{id}: the definition only; members keep their data. */
export async function deleteUnifiedPortfolio(id: number): Promise<void> {
  await api.delete(`unified-portfolios/${id}`);
}

export function useDeleteUnifiedPortfolio() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteUnifiedPortfolio,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: unifiedPortfoliosKey });
      await client.invalidateQueries({ queryKey: portfoliosKey });
    },
  });
}
