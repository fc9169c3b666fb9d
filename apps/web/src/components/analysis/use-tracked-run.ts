import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isFinalRunStatus, type Run, type RunSummary } from '@fonrisk/contracts';
import { runQuery, useRun } from './api/runs.ts';
import { useRunEvents } from './api/run-events.ts';

/**
 * One run followed live: the run's query is patched from the pending-check events (status,
 * progress, message) and re-read once it reaches a final state, to get the result document.
 */
export function useTrackedRun(runId: string | null) {
  const client = useQueryClient();
  const query = useRun(runId);
  const run = query.data;
  const live = runId !== null && (run === undefined || !isFinalRunStatus(run.status));

  const onRun = useCallback(
    (summary: RunSummary) => {
      if (summary.id !== runId) return;
      const key = runQuery(summary.id).queryKey;
      client.setQueryData<Run>(key, (old) => (old ? { ...old, ...summary } : old));
      if (isFinalRunStatus(summary.status)) void client.invalidateQueries({ queryKey: key });
    },
    [client, runId],
  );
  // On (re)connection a change may have been missed: re-read the run.
  const onOpen = useCallback(() => {
    if (runId !== null) void client.invalidateQueries({ queryKey: runQuery(runId).queryKey });
  }, [client, runId]);
  useRunEvents(live, onRun, onOpen);
  return query;
}
