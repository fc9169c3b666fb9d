import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { RunListResponseSchema, type RunListResponse } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { runListKey, type RunFilter } from './run-cache.ts';

/** GET analyses/runs: one page of run summaries (no results), newest first. */
export async function getRuns(filter: RunFilter): Promise<RunListResponse> {
  return RunListResponseSchema.parse(await api.get<unknown>('analyses/runs', { ...filter }));
}

/** The previous page stays on screen while a new filter or page loads. */
export const runsQuery = (filter: RunFilter) =>
  queryOptions({
    queryKey: [...runListKey, filter],
    queryFn: () => getRuns(filter),
    placeholderData: keepPreviousData,
  });

/** A page of runs; kept current by useRunEvents on the screen. */
export function useRuns(filter: RunFilter) {
  return useQuery(runsQuery(filter));
}
