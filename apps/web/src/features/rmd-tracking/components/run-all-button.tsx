import { useState } from 'react';
import { Button, Group, Progress, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useFollowRuns } from '../../analysis-runs/api/follow-runs.ts';
import { useCanWrite } from '../../../components/permissions/use-can-write.ts';
import { toastStore } from '../../../lib/toast.ts';
import { useRunAllRmd } from '../api/run-all.ts';
import { RMD_TRACKING_MESSAGES as M } from '../messages.ts';

/**
 * 'Tümü için RMD hesapla' (hidden for observers): queues the batch, then follows its runs through
 * the run event stream and reloads the tracking table when the last one has ended.
 */
export function RunAllButton() {
  const canRun = useCanWrite();
  const client = useQueryClient();
  const start = useRunAllRmd();
  const [batch, setBatch] = useState<readonly string[]>([]);
  const { ended, failed, active } = useFollowRuns('var', batch, () => {
    void client.invalidateQueries({ queryKey: ['rmd-tracking'] });
  });

  if (!canRun) return null;
  const run = () =>
    start.mutate(undefined, {
      onSuccess: ({ runIds }) => {
        setBatch(runIds);
        toastStore.show(
          runIds.length === 0 ? 'error' : 'success',
          runIds.length === 0 ? M.runAllNone : M.runAllQueued(runIds.length),
        );
      },
    });
  return (
    <Group gap="sm" wrap="nowrap">
      {batch.length > 0 && (
        <Group gap={6} wrap="nowrap" data-testid="rmd-batch-progress">
          <Progress
            value={(ended / batch.length) * 100}
            w={120}
            animated={active}
            aria-label={M.runAllProgressLabel}
          />
          <Text size="xs" c="dimmed">
            {M.runAllProgress(ended, batch.length, failed)}
          </Text>
        </Group>
      )}
      <Button size="sm" onClick={run} loading={start.isPending} disabled={active}>
        {M.runAll}
      </Button>
    </Group>
  );
}
