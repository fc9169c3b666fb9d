import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  ANALYSIS_BASED_RUN_EVENTS_PATH,
  RUN_EVENT,
  RUN_EVENTS_PATH,
  RunSummarySchema,
  type RunStatus,
} from '@fonrisk/contracts';
import { runtimeConfig } from '../../../lib/runtime-config.ts';
import { storedToken } from '../../../lib/session.ts';
import { openEventStream, type EventSourceFactory } from '../../../lib/sse.ts';
import { applyRunEvent, refreshUnfinishedRuns } from './run-cache.ts';

function parseJson(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

export interface RunEventsOptions {
  /** Only events of this analysis type update the cache. */
  readonly analysisType?: string;
  /** The analysis-based stream (report runs) instead of all runs. */
  readonly analysisBased?: boolean;
  /** False: no stream (e.g. the followed run is finished). Default true. */
  readonly enabled?: boolean;
  /** Tests inject a fake EventSource. */
  readonly create?: EventSourceFactory;
}

/**
 * GET analyses/checkpending (server-sent `run` events, a RunSummary each) while the calling screen
 * is mounted and `enabled`: every event updates the cached run and list pages (applyRunEvent), and
 * every (re)connection re-reads the runs still in progress, whose changes may have been missed. The
 * stream reconnects with a growing delay when the server drops it (lib/sse.ts).
 */
export function useRunEvents({
  analysisType,
  analysisBased = false,
  enabled = true,
  create,
}: RunEventsOptions = {}): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const seen = new Map<string, RunStatus>();
    return openEventStream({
      baseUrl: runtimeConfig().apiBaseUrl,
      path: analysisBased ? ANALYSIS_BASED_RUN_EVENTS_PATH : RUN_EVENTS_PATH,
      token: storedToken,
      ...(create ? { create } : {}),
      onOpen: () => refreshUnfinishedRuns(client),
      events: {
        [RUN_EVENT]: (data) => {
          const parsed = RunSummarySchema.safeParse(parseJson(data));
          if (!parsed.success) return;
          if (analysisType && parsed.data.analysisType !== analysisType) return;
          applyRunEvent(client, parsed.data, seen);
        },
      },
    });
  }, [client, analysisType, analysisBased, enabled, create]);
}
