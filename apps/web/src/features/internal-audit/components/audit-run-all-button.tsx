import { useEffect, useState } from 'react';
import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { isFinalRunStatus } from '@fonrisk/contracts';
import { useRun } from '../../analysis-runs/api/get-run.ts';
import { useRunEvents } from '../../analysis-runs/api/run-events.ts';
import { toastStore } from '../../../lib/toast.ts';
import { breachesKey } from '../api/get-breaches.ts';
import { useRunAllAudit } from '../api/run-all-audit.ts';
import { AUDIT_MESSAGES as M } from '../messages.ts';

/**
 * 'Tüm fonları şimdi denetle': queues the tracked audit of every fund, then follows its run
 * through the run event stream and reloads the breaches when it has ended (as the RMD tracking's
 * batch button does): the list did not change until the page was opened again.
 */
export function AuditRunAllButton() {
  const client = useQueryClient();
  const start = useRunAllAudit();
  const [runId, setRunId] = useState<string | null>(null);
  const run = useRun(runId);
  const status = run.data?.status;
  const active = runId !== null && (status === undefined || !isFinalRunStatus(status));
  useRunEvents({ analysisType: 'internal-audit', enabled: active });
  useEffect(() => {
    if (runId === null || status === undefined || !isFinalRunStatus(status)) return;
    void client.invalidateQueries({ queryKey: breachesKey });
    toastStore.show(
      status === 'done' ? 'success' : 'error',
      status === 'done' ? M.runAllDone : M.runAllFailed,
    );
    setRunId(null);
  }, [runId, status, client]);

  return (
    <Button
      size="sm"
      loading={start.isPending || active}
      onClick={() =>
        start.mutate(undefined, {
          onSuccess: (id) => {
            setRunId(id);
            toastStore.show('success', id === null ? M.runAllNone : M.runAllQueued);
          },
        })
      }
    >
      {M.runAll}
    </Button>
  );
}
