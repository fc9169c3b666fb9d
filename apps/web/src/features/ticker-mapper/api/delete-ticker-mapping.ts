import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { tickerMappingsKey } from './get-ticker-mappings.ts';

/** DELETE ticker-mappings/{instrumentCode}. */
export async function deleteTickerMapping(instrumentCode: string): Promise<void> {
  await api.delete(`ticker-mappings/${encodeURIComponent(instrumentCode)}`);
}

export function useDeleteTickerMapping() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteTickerMapping,
    onSuccess: () => client.invalidateQueries({ queryKey: tickerMappingsKey }),
  });
}
