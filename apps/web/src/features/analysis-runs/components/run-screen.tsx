import type { ReactNode } from 'react';
import { Alert, Box, Center, Flex, Loader, Paper, Stack, Text } from '@mantine/core';
import { ANALYSIS_TYPES, isFinalRunStatus, type AnalysisType, type Run } from '@fonrisk/contracts';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { useCanWrite } from '../../../components/permissions/use-can-write.ts';
import { useRun } from '../api/get-run.ts';
import { useRunEvents } from '../api/run-events.ts';
import { ANALYSIS_MESSAGES } from '../messages.ts';
import { RunResult, type ResultScreen } from './result-screen.tsx';
import { RunStatusCard } from './run-status-card.tsx';
import { RunFormPanel } from './run-form-panel.tsx';
import type { RunFormHandle } from './use-run-form.tsx';

/**
 * Width of the side form panel from the lg breakpoint (1200 px) up: wide enough for the longest
 * option texts of the Module 1 forms ('Örtüşen h günlük getiriler', 'Göreli RMD (referans
 * portföye göre)') at 1280 and 1440 px; narrower screens stack the form above the result.
 */
export const SIDE_PANEL_WIDTH = 380;

/** The texts of a run screen, from its feature's messages. */
export interface RunScreenMessages {
  readonly runSubtitle: string;
  readonly formTitle: string;
  /** Shown where the run will appear until one is started. */
  readonly noResultYet: string;
}

interface RunScreenProps<T extends AnalysisType> {
  /** The form's state and the run it follows (useRunForm). */
  readonly form: RunFormHandle<T>;
  readonly messages: RunScreenMessages;
  /** The analysis type's result screen: a done run shows its view below the status. */
  readonly screen: ResultScreen<T>;
  /** Narrow forms sit beside the result; wide ones above it. */
  readonly layout?: 'side' | 'stacked';
  /** The form's fields (shown only to roles that may run analyses). */
  readonly children: ReactNode;
}

/**
 * A run screen: the form, then the last started run followed live (status, progress bar and the
 * worker's message from the pending-check events) and its result once done. Observers never see
 * the form or a run button (the route guard keeps them out too).
 */
export function RunScreen<T extends AnalysisType>({
  form,
  messages,
  screen,
  layout = 'side',
  children,
}: RunScreenProps<T>) {
  const canWrite = useCanWrite();
  const panel = (
    <RunFormPanel title={messages.formTitle} onSubmit={form.submit} pending={form.pending}>
      {children}
    </RunFormPanel>
  );
  const output =
    form.runId === null ? (
      <Paper withBorder radius="md" p="xl" bg="gray.0">
        <Text c="dimmed" ta="center">
          {messages.noResultYet}
        </Text>
      </Paper>
    ) : (
      <FollowedRunView
        key={form.runId}
        analysisType={form.analysisType}
        runId={form.runId}
        onRerun={form.follow}
        screen={screen}
      />
    );
  return (
    <Stack gap="md">
      <PageHeader
        path={ANALYSIS_TYPES[form.analysisType].runRoute}
        subtitle={messages.runSubtitle}
      />
      {!canWrite ? (
        <Alert color="gray">{ANALYSIS_MESSAGES.observerNote}</Alert>
      ) : layout === 'side' ? (
        <Flex
          gap="md"
          direction={{ base: 'column', lg: 'row' }}
          align={{ base: 'stretch', lg: 'flex-start' }}
        >
          <Box w={{ base: '100%', lg: SIDE_PANEL_WIDTH }} style={{ flexShrink: 0 }}>
            {panel}
          </Box>
          <Box style={{ flex: 1, minWidth: 0 }}>{output}</Box>
        </Flex>
      ) : (
        <>
          {panel}
          {output}
        </>
      )}
    </Stack>
  );
}

interface FollowedRunViewProps<T extends AnalysisType> {
  readonly analysisType: T;
  readonly runId: string;
  readonly onRerun: (run: Run) => void;
  readonly screen: ResultScreen<T>;
}

/** One run followed live: the event stream stays open only while the run has not ended. */
function FollowedRunView<T extends AnalysisType>({
  analysisType,
  runId,
  onRerun,
  screen,
}: FollowedRunViewProps<T>) {
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
      {run.status === 'done' && run.result && <RunResult screen={screen} run={run} />}
    </Stack>
  );
}
