import { Alert, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import {
  RUN_STATUS_LABELS,
  findAnalysisType,
  isFinalRunStatus,
  type Run,
  type RunStatus,
  type RunSummary,
} from '@fonrisk/contracts';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useCanWrite } from '../../../components/permissions/use-can-write.ts';
import { useCancelRun } from '../api/cancel-run.ts';
import { useRerunRun } from '../api/rerun-run.ts';
import { ANALYSIS_MESSAGES } from '../messages.ts';

export function RunStatusBadge({ status }: { readonly status: RunStatus }) {
  return <StatusBadge status={status} labels={RUN_STATUS_LABELS} testId="run-status" />;
}

interface RunStatusCardProps {
  readonly run: RunSummary;
  /** Called with the new run once a rerun has been started (the screen then follows it). */
  readonly onRerun: (run: Run) => void;
  /** A link to the run on its result screen (not shown on the result screen itself). */
  readonly showResultLink?: boolean;
}

/**
 * A run's live state: Turkish status, the attempt after a retry, progress bar with the worker's
 * message (fed by the pending-check events), the failure reason, a link to the result screen,
 * and for users who may run analyses (never observers) cancel while it runs and rerun once it
 * has ended.
 */
export function RunStatusCard({ run, onRerun, showResultLink = true }: RunStatusCardProps) {
  const canWrite = useCanWrite();
  const cancel = useCancelRun();
  const rerun = useRerunRun();
  const active = !isFinalRunStatus(run.status);
  const percent = Math.round(run.progress * 100);
  const resultRoute = findAnalysisType(run.analysisType)?.resultRoute;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="run-progress">
      <Stack gap={6}>
        <Group justify="space-between">
          <Group gap="xs">
            <Text fw={600} size="sm">
              {ANALYSIS_MESSAGES.progressTitle}
            </Text>
            <RunStatusBadge status={run.status} />
            {active && run.attempt > 1 && (
              <Text size="xs" c="dimmed">
                {ANALYSIS_MESSAGES.attempt(run.attempt)}
              </Text>
            )}
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
            {active && canWrite && (
              <Button
                size="compact-sm"
                variant="default"
                color="red"
                onClick={() => cancel.mutate(run.id)}
                loading={cancel.isPending}
                disabled={run.cancelRequested}
              >
                {run.cancelRequested ? ANALYSIS_MESSAGES.cancelRequested : ANALYSIS_MESSAGES.cancel}
              </Button>
            )}
            {!active && canWrite && (
              <Button
                size="compact-sm"
                variant="default"
                onClick={() => rerun.mutate(run.id, { onSuccess: (next) => onRerun(next) })}
                loading={rerun.isPending}
              >
                {ANALYSIS_MESSAGES.rerun}
              </Button>
            )}
            {run.status === 'done' && showResultLink && resultRoute && (
              <Button
                size="compact-sm"
                variant="subtle"
                component={Link}
                to={`/${resultRoute}?run=${run.id}`}
              >
                {ANALYSIS_MESSAGES.openInResults}
              </Button>
            )}
          </Group>
        </Group>
        {active && (
          <>
            <Progress
              value={percent}
              animated={run.status === 'running'}
              striped
              size="lg"
              aria-label={ANALYSIS_MESSAGES.progressTitle}
            />
            <Text size="sm" c="dimmed" data-testid="run-progress-message">
              {ANALYSIS_MESSAGES.progressText(
                percent,
                run.progressMessage ??
                  (run.status === 'queued' ? ANALYSIS_MESSAGES.queuedHint : null),
              )}
            </Text>
          </>
        )}
        {run.status === 'failed' && (
          <Alert color="red" title={ANALYSIS_MESSAGES.failedTitle} role="alert">
            {run.error}
          </Alert>
        )}
        {run.status === 'cancelled' && (
          <Alert color="orange" title={ANALYSIS_MESSAGES.cancelledTitle} />
        )}
      </Stack>
    </Paper>
  );
}
