import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RunSchema, type Run } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { storeRun } from './run-cache.ts';

/**
 * POST analyses/runs/{id}/cancel: a queued run ends `cancelled` at once; a running one gets
 * `cancelRequested` and ends when its worker sees it (the events bring that change).
 */
export async function cancelRun(id: string): Promise<Run> {
  return RunSchema.parse(
    await api.post<unknown>(`analyses/runs/${encodeURIComponent(id)}/cancel`, {}),
  );
}

export function useCancelRun() {
  const client = useQueryClient();
  return useMutation({ mutationFn: cancelRun, onSuccess: (run) => storeRun(client, run) });
}
