import { Alert, Badge, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { RUN_STATUS_LABELS, type RunStatus, type RunSummary } from '@fonrisk/contracts';
import { formatDateTime, formatNumber } from '../../lib/format.ts';
import { useCancelRun } from './api/runs.ts';
import { ANALYSIS_MESSAGES } from './messages.ts';

export const RUN_STATUS_COLORS: Readonly<Record<RunStatus, string>> = {
  queued: 'gray',
  running: 'blue',
  done: 'green',
  failed: 'red',
  cancelled: 'orange',
};

export function RunStatusBadge({ status }: { status: RunStatus }) {
  return (
    <Badge color={RUN_STATUS_COLORS[status]} variant="light" data-testid="run-status">
      {RUN_STATUS_LABELS[status]}
    </Badge>
  );
}

/**
 * The live state of a started run: status, progress bar with the worker's message (fed by the
 * pending-check events), cancel while it runs, the failure reason, a link to the result screen.
 */
export function RunStatusCard({ run, resultRoute, canCancel }: { run: RunSummary; resultRoute: string; canCancel: boolean }) {
  const cancel = useCancelRun();
  const active = run.status === 'queued' || run.status === 'running';
  return (
    <Paper withBorder radius="md" p="sm" data-testid="run-progress">
      <Stack gap={6}>
        <Group justify="space-between">
          <Group gap="xs">
            <Text fw={600} size="sm">
              {ANALYSIS_MESSAGES.progressTitle}
            </Text>
            <RunStatusBadge status={run.status} />
            <Text size="xs" c="dimmed">
              {ANALYSIS_MESSAGES.runBy(run.createdBy.fullName, formatDateTime(run.createdAt))}
            </Text>
          </Group>
          <Group gap="xs">
            {run.durationMs !== null && (
              <Text size="xs" c="dimmed">
                {ANALYSIS_MESSAGES.duration(run.durationMs)}
              </Text>
            )}
            {active && canCancel && (
              <Button size="compact-sm" variant="default" color="red" onClick={() => cancel.mutate(run.id)} loading={cancel.isPending}>
                {ANALYSIS_MESSAGES.cancel}
              </Button>
            )}
            {run.status === 'done' && (
              <Button size="compact-sm" variant="subtle" component={Link} to={`/${resultRoute}?run=${run.id}`}>
                {ANALYSIS_MESSAGES.openInResults}
              </Button>
            )}
          </Group>
        </Group>
        {active && (
          <>
            <Progress value={run.progress * 100} animated={run.status === 'running'} striped size="lg" aria-label={ANALYSIS_MESSAGES.progressTitle} />
            <Text size="sm" c="dimmed" data-testid="run-progress-message">
              {`%${formatNumber(run.progress * 100, 0)} · ${run.progressMessage ?? (run.status === 'queued' ? ANALYSIS_MESSAGES.queuedHint : '')}`}
            </Text>
          </>
        )}
        {run.status === 'failed' && (
          <Alert color="red" title={ANALYSIS_MESSAGES.failedTitle}>
            {run.error}
          </Alert>
        )}
        {run.status === 'cancelled' && <Alert color="orange" title={ANALYSIS_MESSAGES.cancelledTitle} />}
      </Stack>
    </Paper>
  );
}
