import { queryOptions, useQuery } from '@tanstack/react-query';
import { RunSchema, isFinalRunStatus, type Run } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { runKey } from './run-cache.ts';

/** GET analyses/runs/{id}: the run, with its result document once done. */
export async function getRun(id: string): Promise<Run> {
  return RunSchema.parse(await api.get<unknown>(`analyses/runs/${encodeURIComponent(id)}`));
}

/** A finished run never changes (results are immutable), so it is never read twice. */
export const runQuery = (id: string) =>
  queryOptions({
    queryKey: runKey(id),
    queryFn: () => getRun(id),
    staleTime: (query) =>
      query.state.data && isFinalRunStatus(query.state.data.status) ? Infinity : 0,
  });

/** A run; live changes arrive through useRunEvents, so no polling is needed. */
export function useRun(id: string | null) {
  return useQuery({ ...runQuery(id ?? ''), enabled: id !== null });
}
