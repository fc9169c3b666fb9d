import { Badge, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { isFinalRunStatus, type RunStatus, type RunSummary } from '@fonrisk/contracts';
import { useCanWrite } from '../permissions/use-can-write.ts';
import { formatNumber } from '../../lib/format.ts';
import { useCancelRun } from './api/runs-api.ts';
import { RUN_MESSAGES } from './messages.ts';

const STATUS_COLORS: Readonly<Record<RunStatus, string>> = {
  queued: 'gray',
  running: 'blue',
  done: 'green',
  failed: 'red',
  cancelled: 'orange',
};

export function RunStatusBadge({ status }: { readonly status: RunStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" data-status={status}>
      {RUN_MESSAGES.status[status]}
    </Badge>
  );
}

interface RunProgressProps {
  readonly run: RunSummary;
}

/**
 * A run's state: Turkish status badge, progress bar with the worker's message, the failure
 * reason, and a cancel button for users who may run analyses (never observers).
 */
export function RunProgress({ run }: RunProgressProps) {
  const canWrite = useCanWrite();
  const cancel = useCancelRun();
  const final = isFinalRunStatus(run.status);
  const percent = Math.round(run.progress * 100);
  return (
    <Stack gap="xs" data-testid="run-progress">
      <Group justify="space-between">
        <Group gap="xs">
          <RunStatusBadge status={run.status} />
          {run.attempt > 1 && !final ? <Text size="sm" c="dimmed">{RUN_MESSAGES.attempt(run.attempt)}</Text> : null}
        </Group>
        {canWrite && !final ? (
          <Button
            size="xs"
            variant="light"
            color="red"
            loading={cancel.isPending}
            disabled={run.cancelRequested}
            onClick={() => cancel.mutate(run.id)}
          >
            {run.cancelRequested ? RUN_MESSAGES.cancelRequested : RUN_MESSAGES.cancel}
          </Button>
        ) : null}
      </Group>
      {run.status === 'queued' || run.status === 'running' ? (
        <>
          <Progress value={percent} animated={run.status === 'running'} aria-label={RUN_MESSAGES.progressLabel} />
          <Text size="sm">
            %{formatNumber(percent, 0)}
            {run.progressMessage ? ` · ${run.progressMessage}` : ''}
          </Text>
        </>
      ) : null}
      {run.status === 'failed' && run.error ? (
        <Text size="sm" c="red" role="alert">
          {run.error}
        </Text>
      ) : null}
    </Stack>
  );
}
