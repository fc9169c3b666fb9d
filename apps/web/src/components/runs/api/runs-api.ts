import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  RunListResponseSchema,
  RunSchema,
  type Run,
  type RunStatus,
  type RunListResponse,
} from '@fonrisk/contracts';
import { api, type DownloadedFile } from '../../../lib/api-client.ts';

/** Query keys: every run cache lives under `runs`; events update `one` and `list` entries. */
export const runsKey = ['runs'] as const;
export const runListKey = [...runsKey, 'list'] as const;
export const runKey = (id: string) => [...runsKey, 'one', id] as const;

/** The filters of GET analyses/runs (RunListQuerySchema). */
export interface RunFilter {
  readonly analysisType?: string;
  readonly portfolioCode?: string;
  readonly from?: string;
  readonly to?: string;
  readonly createdBy?: number;
  readonly status?: RunStatus;
  readonly limit?: number;
  readonly offset?: number;
}

/** GET analyses/runs: one page of runs, newest first, without results. */
export async function getRuns(filter: RunFilter): Promise<RunListResponse> {
  return RunListResponseSchema.parse(await api.get<unknown>('analyses/runs', { ...filter }));
}

/** GET analyses/runs/{id}: a run with its result once done. */
export async function getRun(id: string): Promise<Run> {
  return RunSchema.parse(await api.get<unknown>(`analyses/runs/${encodeURIComponent(id)}`));
}

export const runsQuery = (filter: RunFilter) =>
  queryOptions({ queryKey: [...runListKey, filter], queryFn: () => getRuns(filter), placeholderData: keepPreviousData });

export const runQuery = (id: string) => queryOptions({ queryKey: runKey(id), queryFn: () => getRun(id) });

export function useRuns(filter: RunFilter) {
  return useQuery(runsQuery(filter));
}

/** A run; live changes arrive through useRunEvents, so no polling is needed. */
export function useRun(id: string | null) {
  return useQuery({ ...runQuery(id ?? ''), enabled: id !== null });
}

function useRunMutation<V>(call: (variables: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (variables: V) => RunSchema.parse(await call(variables)),
    onSuccess: (run) => {
      client.setQueryData(runKey(run.id), run);
      void client.invalidateQueries({ queryKey: runListKey });
    },
  });
}

/** POST analyses/runs: starts a run of `analysisType` with `inputs`. */
export function useStartRun() {
  return useRunMutation((v: { analysisType: string; inputs: unknown }) => api.post<unknown>('analyses/runs', v));
}

export function useCancelRun() {
  return useRunMutation((id: string) => api.post<unknown>(`analyses/runs/${encodeURIComponent(id)}/cancel`, {}));
}

/** A new run with the inputs of `id`. */
export function useRerun() {
  return useRunMutation((id: string) => api.post<unknown>(`analyses/runs/${encodeURIComponent(id)}/rerun`, {}));
}

/** POST analyses/runs/{id}/export: one result table as .xlsx, downloaded by the browser. */
export function useExportRunTable() {
  return useMutation({
    mutationFn: (v: { runId: string; table: string }): Promise<DownloadedFile> =>
      api.postExcelExport(`analyses/runs/${encodeURIComponent(v.runId)}/export`, { table: v.table }),
  });
}
