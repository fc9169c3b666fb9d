import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  ANALYSIS_BASED_RUN_EVENTS_PATH,
  RUN_EVENT,
  RUN_EVENTS_PATH,
  RunSummarySchema,
  type Run,
  type RunListResponse,
  type RunSummary,
} from '@fonrisk/contracts';
import { runtimeConfig } from '../../lib/runtime-config.ts';
import { storedToken } from '../../lib/session.ts';
import { openEventStream, type EventSourceFactory } from '../../lib/sse.ts';
import { runKey, runListKey } from './api/runs-api.ts';

export interface RunEventsFilter {
  /** Only events of this analysis type update the caches. */
  readonly analysisType?: string;
  /** The analysis-based stream (report runs) instead of all runs. */
  readonly analysisBased?: boolean;
  /** Tests inject a fake EventSource. */
  readonly create?: EventSourceFactory;
}

/**
 * Applies one run event to the caches: the run's own entry gets the new state (a finished run
 * is fetched again for its result), list pages holding it are patched in place, and a run no
 * page holds yet makes the lists reload.
 */
export function applyRunEvent(client: QueryClient, summary: RunSummary): void {
  const previous = client.getQueryData<Run>(runKey(summary.id));
  if (previous) {
    client.setQueryData<Run>(runKey(summary.id), { ...previous, ...summary });
    if (summary.status === 'done' && previous.result === null) {
      void client.invalidateQueries({ queryKey: runKey(summary.id) });
    }
  }
  let listed = false;
  client.setQueriesData<RunListResponse>({ queryKey: runListKey }, (page) => {
    if (!page?.items.some((i) => i.id === summary.id)) return page;
    listed = true;
    return { ...page, items: page.items.map((i) => (i.id === summary.id ? summary : i)) };
  });
  if (!listed) void client.invalidateQueries({ queryKey: runListKey });
}

/** Follows the pending-check stream while the calling screen is mounted. */
export function useRunEvents(filter: RunEventsFilter = {}): void {
  const client = useQueryClient();
  const { analysisType, analysisBased = false, create } = filter;
  useEffect(
    () =>
      openEventStream({
        baseUrl: runtimeConfig().apiBaseUrl,
        path: analysisBased ? ANALYSIS_BASED_RUN_EVENTS_PATH : RUN_EVENTS_PATH,
        token: () => storedToken(),
        ...(create ? { create } : {}),
        events: {
          [RUN_EVENT]: (data) => {
            const parsed = RunSummarySchema.safeParse(JSON.parse(data));
            if (!parsed.success) return;
            if (analysisType && parsed.data.analysisType !== analysisType) return;
            applyRunEvent(client, parsed.data);
          },
        },
      }),
    [client, analysisType, analysisBased, create],
  );
}
