import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FetchResultSchema, type FetchResult, type TefasFetchRequest } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

/**
 * POST market-data/tefas/fetch: stores missing unit prices of the funds; a stored price TEFAS
 * answers differently is reported in `changed` and kept unless `acceptChanges` (issue 4 rule).
 */
export async function fetchTefasPrices(request: TefasFetchRequest): Promise<FetchResult> {
  return FetchResultSchema.parse(await api.post<unknown>('market-data/tefas/fetch', request));
}

export function useFetchTefasPrices() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fetchTefasPrices,
    onSuccess: () => client.invalidateQueries({ queryKey: ['series'] }),
  });
}
