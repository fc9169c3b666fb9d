import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  BulkMappingResultSchema,
  type BulkMappingRequest,
  type BulkMappingResult,
} from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { tickerMappingsKey } from './get-ticker-mappings.ts';

/** POST ticker-mappings/bulk: map every unmapped instrument matching the rule to the target. */
export async function bulkMap(request: BulkMappingRequest): Promise<BulkMappingResult> {
  return BulkMappingResultSchema.parse(await api.post<unknown>('ticker-mappings/bulk', request));
}

export function useBulkMap() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: bulkMap,
    onSuccess: () => client.invalidateQueries({ queryKey: tickerMappingsKey }),
  });
}
