import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  RunListResponseSchema,
  RunSchema,
  type AnalysisType,
  type Run,
  type RunListResponse,
} from '@fonrisk/contracts';
import { api, type DownloadedFile } from '../../../lib/api-client.ts';

export const runsKey = ['analysis-runs'] as const;

/** POST analyses/runs { analysisType, inputs }: the new run, queued. */
export async function createRun(analysisType: AnalysisType, inputs: unknown): Promise<Run> {
  return RunSchema.parse(await api.post<unknown>('analyses/runs', { analysisType, inputs }));
}

/** GET analyses/runs/{id}: the run, with its result document once done. */
export async function getRun(id: string): Promise<Run> {
  return RunSchema.parse(await api.get<unknown>(`analyses/runs/${encodeURIComponent(id)}`));
}

/** GET analyses/runs?...: one page of run summaries, newest first. */
export interface RunListFilters {
  readonly analysisType: AnalysisType;
  readonly portfolioCode?: string | undefined;
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  readonly status?: string | undefined;
  readonly createdBy?: number | undefined;
  readonly limit: number;
  readonly offset: number;
}

export async function listRuns(query: RunListFilters): Promise<RunListResponse> {
  return RunListResponseSchema.parse(await api.get<unknown>('analyses/runs', { ...query }));
}

/** POST analyses/runs/{id}/cancel */
export async function cancelRun(id: string): Promise<Run> {
  return RunSchema.parse(await api.post<unknown>(`analyses/runs/${encodeURIComponent(id)}/cancel`, {}));
}

/** POST analyses/runs/{id}/export { table }: one result table as .xlsx (tr-TR formats), downloaded. */
export async function exportRunTable(id: string, table: string): Promise<DownloadedFile> {
  return api.postExcelExport(`analyses/runs/${encodeURIComponent(id)}/export`, { table });
}

export const runQuery = (id: string) => queryOptions({ queryKey: [...runsKey, 'one', id], queryFn: () => getRun(id) });

export function useRun(id: string | null) {
  return useQuery({ ...runQuery(id ?? ''), enabled: id !== null });
}

export function useRunList(query: RunListFilters) {
  return useQuery({ queryKey: [...runsKey, 'list', query], queryFn: () => listRuns(query) });
}

export function useCreateRun(analysisType: AnalysisType) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (inputs: unknown) => createRun(analysisType, inputs),
    onSuccess: (run) => {
      client.setQueryData(runQuery(run.id).queryKey, run);
      void client.invalidateQueries({ queryKey: [...runsKey, 'list'] });
    },
  });
}

export function useCancelRun() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelRun,
    onSuccess: (run) => client.setQueryData(runQuery(run.id).queryKey, run),
  });
}

export function useExportRunTable() {
  return useMutation({ mutationFn: ({ runId, table }: { runId: string; table: string }) => exportRunTable(runId, table) });
}
