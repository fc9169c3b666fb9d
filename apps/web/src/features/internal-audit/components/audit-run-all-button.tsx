import { useState } from 'react';
import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useFollowRuns } from '../../analysis-runs/api/follow-runs.ts';
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
  const { active } = useFollowRuns('internal-audit', runId === null ? [] : [runId], (failed) => {
    void client.invalidateQueries({ queryKey: breachesKey });
    toastStore.show(
      failed === 0 ? 'success' : 'error',
      failed === 0 ? M.runAllDone : M.runAllFailed,
    );
    setRunId(null);
  });

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
