import { useEffect, useRef } from 'react';
import { useQueries } from '@tanstack/react-query';
import { isFinalRunStatus, type AnalysisType } from '@fonrisk/contracts';
import { runQuery } from './get-run.ts';
import { useRunEvents } from './run-events.ts';

/** Where runs a screen queued stand: how many have ended, of which failed or cancelled. */
export interface FollowedRuns {
  readonly ended: number;
  readonly failed: number;
  /** Some have not ended yet. */
  readonly active: boolean;
}

/**
 * Follows the runs a screen queued (a batch button's) through the run event stream while any of
 * them is unfinished, and calls `onEnded` once the last has ended, with how many failed: the
 * screen then reloads what those runs change (the RMD tracking table, the audit's breaches).
 */
export function useFollowRuns(
  analysisType: AnalysisType,
  runIds: readonly string[],
  onEnded: (failed: number) => void,
): FollowedRuns {
  const runs = useQueries({ queries: runIds.map((id) => runQuery(id)) });
  const ended = runs.filter((r) => r.data && isFinalRunStatus(r.data.status)).length;
  const failed = runs.filter(
    (r) => r.data && (r.data.status === 'failed' || r.data.status === 'cancelled'),
  ).length;
  const active = runIds.length > 0 && ended < runIds.length;
  useRunEvents({ analysisType, enabled: active });
  const allEnded = runIds.length > 0 && ended === runIds.length;
  const latest = useRef(onEnded);
  latest.current = onEnded;
  const failedAtEnd = useRef(failed);
  failedAtEnd.current = failed;
  useEffect(() => {
    if (allEnded) latest.current(failedAtEnd.current);
  }, [allEnded]);
  return { ended, failed, active };
}
