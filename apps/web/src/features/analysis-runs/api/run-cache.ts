import type { QueryClient } from '@tanstack/react-query';
import {
  isFinalRunStatus,
  type Run,
  type RunListResponse,
  type RunStatus,
  type RunSummary,
} from '@fonrisk/contracts';

/**
 * The query cache of analysis runs, shared by the endpoint files of this folder: every entry lives
 * under `analysis-runs`, one run under `one`, list pages under `list` with their filter last.
 */
export const runsKey = ['analysis-runs'] as const;
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

/** The analysis type a list query is filtered by (its filter is the key's last part). */
function listAnalysisType(queryKey: readonly unknown[]): string | undefined {
  const filter = queryKey[runListKey.length];
  return typeof filter === 'object' &&
    filter !== null &&
    'analysisType' in filter &&
    typeof filter.analysisType === 'string'
    ? filter.analysisType
    : undefined;
}

/** Lists that may hold runs of `analysisType` (a list without a type filter holds every type). */
function listsOf(client: QueryClient, analysisType: string): Promise<void> {
  return client.invalidateQueries({
    queryKey: runListKey,
    predicate: (query) => {
      const type = listAnalysisType(query.queryKey);
      return type === undefined || type === analysisType;
    },
  });
}

/** A run the API answered (created, cancelled, rerun): cached as is; the lists of its type reload. */
export function storeRun(client: QueryClient, run: Run): void {
  client.setQueryData(runKey(run.id), run);
  void listsOf(client, run.analysisType);
}

/** The status the cache knows for a run, from its own entry or a list page holding it. */
function cachedStatus(client: QueryClient, id: string): RunStatus | undefined {
  const own = client.getQueryData<Run>(runKey(id));
  if (own) return own.status;
  for (const [, page] of client.getQueriesData<RunListResponse>({ queryKey: runListKey })) {
    const item = page?.items.find((i) => i.id === id);
    if (item) return item.status;
  }
  return undefined;
}

/**
 * Applies one `run` event (a RunSummary) to the cache: the run's own entry takes the new state (a
 * run that just finished is fetched again for its result) and list pages holding it are patched in
 * place. Lists reload only when the run is new to the client or changed status, since only then can
 * it enter or leave a page; progress alone never reloads a list (events come twice a second).
 * `seen` remembers the statuses of one stream's events, so a run no page holds (another page, a
 * status filter) reloads the lists once per status, not on every progress event.
 */
export function applyRunEvent(
  client: QueryClient,
  summary: RunSummary,
  seen = new Map<string, RunStatus>(),
): void {
  const known = seen.get(summary.id) ?? cachedStatus(client, summary.id);
  seen.set(summary.id, summary.status);
  // A run never leaves a final state: an event older than what the cache holds changes nothing.
  const newer = (current: RunSummary) =>
    !isFinalRunStatus(current.status) || current.status === summary.status;
  const previous = client.getQueryData<Run>(runKey(summary.id));
  if (previous && newer(previous)) {
    client.setQueryData<Run>(runKey(summary.id), { ...previous, ...summary });
    if (summary.status === 'done' && previous.result === null)
      void client.invalidateQueries({ queryKey: runKey(summary.id) });
  }
  client.setQueriesData<RunListResponse>({ queryKey: runListKey }, (page) =>
    page?.items.some((i) => i.id === summary.id && newer(i))
      ? { ...page, items: page.items.map((i) => (i.id === summary.id ? summary : i)) }
      : page,
  );
  if (known !== summary.status) void listsOf(client, summary.analysisType);
}

/**
 * Re-reads every cached run and list page that still shows a run in progress: called when the
 * event stream (re)connects, because changes made while it was closed were never sent.
 */
export function refreshUnfinishedRuns(client: QueryClient): void {
  void client.invalidateQueries({
    queryKey: runsKey,
    predicate: (query) => {
      const data = query.state.data as Run | RunListResponse | undefined;
      if (data === undefined) return false;
      const runs: readonly RunSummary[] = 'items' in data ? data.items : [data];
      return runs.some((run) => !isFinalRunStatus(run.status));
    },
  });
}
