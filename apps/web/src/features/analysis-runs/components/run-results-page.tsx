import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { ANALYSIS_TYPES, type AnalysisType, type Run } from '@fonrisk/contracts';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { useCanOpen } from '../../../components/permissions/use-can-open.ts';
import { useRun } from '../api/get-run.ts';
import { useRunEvents } from '../api/run-events.ts';
import { ANALYSIS_MESSAGES } from '../messages.ts';
import { RunList } from './run-list.tsx';
import { RunResult, type ResultScreen } from './result-screen.tsx';
import { RunStatusCard } from './run-status-card.tsx';

/** The screen that makes a report of one finished run (issue 15). */
const ANALYSIS_BASED_REPORT_ROUTE = 'analysis-based-report';

interface RunResultsPageProps<T extends AnalysisType> {
  /** The analysis type's result screen (its feature's `<type>-result-screen.tsx`). */
  readonly screen: ResultScreen<T>;
  /** False under a run screen of the same route (its page header is already there). */
  readonly withHeader?: boolean;
}

/**
 * A result screen (every role, observers included): the runs of one analysis type with filters,
 * kept live by the pending-check events; opening one (also by `?run=<id>`) shows its state and,
 * once done, its result below. Users who may run analyses can cancel or rerun from here.
 */
export function RunResultsPage<T extends AnalysisType>({
  screen,
  withHeader = true,
}: RunResultsPageProps<T>) {
  const { analysisType, subtitle, describeInputs } = screen;
  const [params, setParams] = useSearchParams();
  const openId = params.get('run');
  useRunEvents({ analysisType });
  const open = (id: string | null): void =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (id === null) next.delete('run');
      else next.set('run', id);
      return next;
    });

  return (
    <Stack gap="md">
      {withHeader ? (
        <PageHeader path={ANALYSIS_TYPES[analysisType].resultRoute} subtitle={subtitle} />
      ) : (
        <Text fw={600}>{subtitle}</Text>
      )}
      <RunList
        analysisType={analysisType}
        describeInputs={describeInputs}
        selectedId={openId}
        onOpen={open}
      />
      {openId === null ? (
        <Text c="dimmed" size="sm">
          {ANALYSIS_MESSAGES.chooseRun}
        </Text>
      ) : (
        <OpenedRun
          key={openId}
          runId={openId}
          screen={screen}
          onRerun={(run) => open(run.id)}
          onClose={() => open(null)}
        />
      )}
    </Stack>
  );
}

interface OpenedRunProps<T extends AnalysisType> {
  readonly runId: string;
  readonly screen: ResultScreen<T>;
  readonly onRerun: (run: Run) => void;
  readonly onClose: () => void;
}

function OpenedRun<T extends AnalysisType>({ runId, screen, onRerun, onClose }: OpenedRunProps<T>) {
  const query = useRun(runId);
  const canReport = useCanOpen(ANALYSIS_BASED_REPORT_ROUTE);
  if (query.isError) return <Alert color="red">{ANALYSIS_MESSAGES.resultUnavailable}</Alert>;
  if (!query.data)
    return (
      <Center py="lg" aria-label={ANALYSIS_MESSAGES.resultLoading}>
        <Loader size="sm" />
      </Center>
    );
  const run = query.data;
  return (
    <Stack gap="sm" data-testid="opened-run">
      <Group justify="flex-end">
        {run.status === 'done' && canReport && (
          <Button
            size="compact-sm"
            variant="light"
            component={Link}
            to={`/${ANALYSIS_BASED_REPORT_ROUTE}?run=${encodeURIComponent(run.id)}`}
            data-testid="create-report"
          >
            {ANALYSIS_MESSAGES.createReport}
          </Button>
        )}
        <Button size="compact-sm" variant="subtle" onClick={onClose}>
          {ANALYSIS_MESSAGES.close}
        </Button>
      </Group>
      <RunStatusCard run={run} onRerun={onRerun} showResultLink={false} />
      {run.status === 'done' && run.result && <RunResult screen={screen} run={run} />}
    </Stack>
  );
}
