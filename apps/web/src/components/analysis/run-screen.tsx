import type { ReactNode } from 'react';
import { Alert, Center, Grid, Loader, Paper, Stack, Text } from '@mantine/core';
import { ANALYSIS_TYPES, isFinalRunStatus, type AnalysisType, type Run } from '@fonrisk/contracts';
import { PageHeader } from '../layout/page-header.tsx';
import { useCanWrite } from '../permissions/use-can-write.ts';
import { useRun } from './api/get-run.ts';
import { useRunEvents } from './api/run-events.ts';
import { ANALYSIS_MESSAGES } from './messages.ts';
import { RunStatusCard } from './run-status-card.tsx';
import type { FollowedRun } from './use-run-form.tsx';

interface RunScreenProps {
  /** The run the screen follows (from useRunForm). */
  readonly run: FollowedRun;
  readonly subtitle: string;
  /** The form (shown only to roles that may run analyses). */
  readonly form: ReactNode;
  readonly emptyText: string;
  readonly renderResult: (run: Run) => ReactNode;
  /** Narrow forms sit beside the result; wide ones above it. */
  readonly layout?: 'side' | 'stacked';
}

/**
 * A run screen: the form, then the last started run followed live (status, progress bar and the
 * worker's message from the pending-check events) and its result once done. Observers never see
 * the form or a run button (the route guard keeps them out too).
 */
export function RunScreen({ run, subtitle, form, emptyText, renderResult, layout = 'side' }: RunScreenProps) {
  const canWrite = useCanWrite();
  const output =
    run.runId === null ? (
      <Paper withBorder radius="md" p="xl" bg="gray.0">
        <Text c="dimmed" ta="center">
          {emptyText}
        </Text>
      </Paper>
    ) : (
      <FollowedRunView key={run.runId} analysisType={run.analysisType} runId={run.runId} onRerun={run.follow} renderResult={renderResult} />
    );
  return (
    <Stack gap="md">
      <PageHeader path={ANALYSIS_TYPES[run.analysisType].runRoute} subtitle={subtitle} />
      {!canWrite ? (
        <Alert color="gray">{ANALYSIS_MESSAGES.observerNote}</Alert>
      ) : layout === 'side' ? (
        <Grid gutter="md">
          <Grid.Col span={{ base: 12, lg: 4, xl: 3 }}>{form}</Grid.Col>
          <Grid.Col span={{ base: 12, lg: 8, xl: 9 }}>{output}</Grid.Col>
        </Grid>
      ) : (
        <>
          {form}
          {output}
        </>
      )}
    </Stack>
  );
}

interface FollowedRunViewProps {
  readonly analysisType: AnalysisType;
  readonly runId: string;
  readonly onRerun: (run: Run) => void;
  readonly renderResult: (run: Run) => ReactNode;
}

/** One run followed live: the event stream stays open only while the run has not ended. */
function FollowedRunView({ analysisType, runId, onRerun, renderResult }: FollowedRunViewProps) {
  const query = useRun(runId);
  const run = query.data;
  useRunEvents({ analysisType, enabled: run === undefined || !isFinalRunStatus(run.status) });
  if (query.isError) return <Alert color="red">{ANALYSIS_MESSAGES.resultUnavailable}</Alert>;
  if (!run)
    return (
      <Center py="lg">
        <Loader size="sm" />
      </Center>
    );
  return (
    <Stack gap="md">
      <RunStatusCard run={run} onRerun={onRerun} />
      {run.status === 'done' && run.result && renderResult(run)}
    </Stack>
  );
}
