import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RunSchema, type Run } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { storeRun } from './run-cache.ts';

/** POST analyses/runs/{id}/rerun: a new run with the inputs of `id` (the original never changes). */
export async function rerunRun(id: string): Promise<Run> {
  return RunSchema.parse(
    await api.post<unknown>(`analyses/runs/${encodeURIComponent(id)}/rerun`, {}),
  );
}

export function useRerunRun() {
  const client = useQueryClient();
  return useMutation({ mutationFn: rerunRun, onSuccess: (run) => storeRun(client, run) });
}
