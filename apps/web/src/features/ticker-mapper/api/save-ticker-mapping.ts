import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TickerMappingRequest } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { tickerMappingsKey } from './get-ticker-mappings.ts';

/** PUT ticker-mappings/{instrumentCode}: map an instrument to a series (direct) or a stand-in (proxy). */
export async function saveTickerMapping({
  instrumentCode,
  ...body
}: TickerMappingRequest & { instrumentCode: string }): Promise<void> {
  await api.put<unknown>(`ticker-mappings/${encodeURIComponent(instrumentCode)}`, body);
}

export function useSaveTickerMapping() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveTickerMapping,
    onSuccess: () => client.invalidateQueries({ queryKey: tickerMappingsKey }),
  });
}
