import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TefasFundListSchema, type TefasFundList } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

export const tefasFundsKey = ['tefas-funds'] as const;

/**
 * GET market-data/tefas/funds?refresh=: the TEFAS fund list; without refresh (or when TEFAS
 * cannot be reached) the stored copy, whose `notice` says so.
 */
export async function getTefasFunds(refresh: boolean): Promise<TefasFundList> {
  return TefasFundListSchema.parse(
    await api.get<unknown>('market-data/tefas/funds', { refresh: String(refresh) }),
  );
}

export function useTefasFunds() {
  return useQuery({ queryKey: tefasFundsKey, queryFn: () => getTefasFunds(false) });
}

/** Refreshes the list from TEFAS; the answer (TEFAS's list or the stored copy) replaces the cache. */
export function useRefreshTefasFunds() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => getTefasFunds(true),
    onSuccess: (list) => client.setQueryData(tefasFundsKey, list),
  });
}
