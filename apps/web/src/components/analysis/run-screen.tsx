import type { ReactNode } from 'react';
import { Alert, Center, Grid, Loader, Paper, Stack, Text } from '@mantine/core';
import type { Run } from '@fonrisk/contracts';
import { PageHeader } from '../layout/page-header.tsx';
import { useCanWrite } from '../permissions/use-can-write.ts';
import { ANALYSIS_MESSAGES } from './messages.ts';
import { RunStatusCard } from './run-status-card.tsx';
import { useTrackedRun } from './use-tracked-run.ts';

interface RunScreenProps {
  readonly path: string;
  readonly subtitle: string;
  readonly resultRoute: string;
  /** The form (shown only to roles that may run analyses). */
  readonly form: ReactNode;
  /** The last run started from this screen. */
  readonly runId: string | null;
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
export function RunScreen({ path, subtitle, resultRoute, form, runId, emptyText, renderResult, layout = 'side' }: RunScreenProps) {
  const canWrite = useCanWrite();
  const output = runId === null ? (
    <Paper withBorder radius="md" p="xl" bg="gray.0">
      <Text c="dimmed" ta="center">
        {emptyText}
      </Text>
    </Paper>
  ) : (
    <TrackedRun runId={runId} resultRoute={resultRoute} renderResult={renderResult} />
  );
  return (
    <Stack gap="md">
      <PageHeader path={path} subtitle={subtitle} />
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

function TrackedRun({ runId, resultRoute, renderResult }: { runId: string; resultRoute: string; renderResult: (run: Run) => ReactNode }) {
  const query = useTrackedRun(runId);
  if (query.isError) return <Alert color="red">{ANALYSIS_MESSAGES.resultUnavailable}</Alert>;
  if (!query.data)
    return (
      <Center py="lg">
        <Loader size="sm" />
      </Center>
    );
  const run = query.data;
  return (
    <Stack gap="md">
      <RunStatusCard run={run} resultRoute={resultRoute} canCancel />
      {run.status === 'done' && run.result && renderResult(run)}
    </Stack>
  );
}
