import { useState, type ReactNode } from 'react';
import { Alert, Button, Center, Checkbox, Group, Loader, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ANALYSIS_TYPES, RUN_STATUS_LABELS, RUN_STATUSES, type AnalysisType, type Run, type RunStatus, type RunSummary } from '@fonrisk/contracts';
import { PageHeader } from '../layout/page-header.tsx';
import { DateField } from '../dates/date-field.tsx';
import { formatDate, formatDateTime, formatNumber } from '../../lib/format.ts';
import { useSession } from '../../lib/use-session.ts';
import { useRunList } from './api/runs.ts';
import { ANALYSIS_MESSAGES } from './messages.ts';
import { PortfolioSelect } from './portfolio-select.tsx';
import { RunStatusBadge, RunStatusCard } from './run-status-card.tsx';
import { useTrackedRun } from './use-tracked-run.ts';

const PAGE_SIZE = 15;

interface Filters {
  portfolioCode: string | null;
  from: string;
  to: string;
  status: RunStatus | null;
  mine: boolean;
}

/** The analysis dates of a run as one text: "21.11.2026" or "01.10.2026 – 21.11.2026". */
export function runDates(run: Pick<RunSummary, 'asOfDate' | 'fromDate' | 'toDate'>): string {
  if (run.asOfDate) return formatDate(run.asOfDate);
  if (run.fromDate || run.toDate) return `${formatDate(run.fromDate)} – ${formatDate(run.toDate)}`;
  return '–';
}

interface RunResultsPageProps {
  readonly analysisType: AnalysisType;
  readonly subtitle: string;
  /** Short text of a run's parameters for the list (method, confidence...). */
  readonly describeInputs: (inputs: Record<string, unknown>) => string;
  /** The result view of a done run. */
  readonly renderResult: (run: Run) => ReactNode;
}

/**
 * A result screen: the runs of one analysis type with filters (portfolio, dates, status, own
 * runs), paged, newest first; opening one (also by `?run=<id>`) shows its result below.
 */
export function RunResultsPage({ analysisType, subtitle, describeInputs, renderResult }: RunResultsPageProps) {
  const definition = ANALYSIS_TYPES[analysisType];
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const openId = params.get('run');
  const [filters, setFilters] = useState<Filters>({ portfolioCode: null, from: '', to: '', status: null, mine: false });
  const [page, setPage] = useState(0);
  const list = useRunList({
    analysisType,
    portfolioCode: filters.portfolioCode ?? undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    status: filters.status ?? undefined,
    createdBy: filters.mine && session?.userId ? session.userId : undefined,
    limit: PAGE_SIZE,
    offset: page * PAGE_SIZE,
  });
  const change = (patch: Partial<Filters>): void => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(0);
  };
  const open = (id: string | null): void =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (id === null) next.delete('run');
      else next.set('run', id);
      return next;
    });
  const total = list.data?.total ?? 0;

  return (
    <Stack gap="md">
      <PageHeader path={definition.resultRoute} subtitle={subtitle} />
      <Paper withBorder radius="md" p="sm">
        <Group align="flex-end" gap="sm" wrap="wrap" mb="sm">
          <PortfolioSelect value={filters.portfolioCode} onChange={(portfolioCode) => change({ portfolioCode })} clearable placeholder={ANALYSIS_MESSAGES.anyPortfolio} w={260} />
          <DateField label={ANALYSIS_MESSAGES.filterFrom} value={filters.from} onChange={(from) => change({ from })} />
          <DateField label={ANALYSIS_MESSAGES.filterTo} value={filters.to} onChange={(to) => change({ to })} />
          <Select
            label={ANALYSIS_MESSAGES.filterStatus}
            placeholder={ANALYSIS_MESSAGES.anyStatus}
            data={RUN_STATUSES.map((s) => ({ value: s, label: RUN_STATUS_LABELS[s] }))}
            value={filters.status}
            onChange={(s) => change({ status: (s as RunStatus | null) ?? null })}
            clearable
            w={160}
            comboboxProps={{ withinPortal: true }}
          />
          <Checkbox label={ANALYSIS_MESSAGES.filterMine} checked={filters.mine} onChange={(e) => change({ mine: e.currentTarget.checked })} mb={8} />
        </Group>
        {list.isError && <Alert color="gray">{ANALYSIS_MESSAGES.listUnavailable}</Alert>}
        {list.isSuccess && list.data.items.length === 0 && <Text c="dimmed" size="sm">{ANALYSIS_MESSAGES.noRuns}</Text>}
        {list.isSuccess && list.data.items.length > 0 && (
          <>
            <Table striped highlightOnHover verticalSpacing={4} fz="sm" data-testid="run-list">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{ANALYSIS_MESSAGES.colCreatedAt}</Table.Th>
                  <Table.Th>{ANALYSIS_MESSAGES.colPortfolios}</Table.Th>
                  <Table.Th>{ANALYSIS_MESSAGES.colDates}</Table.Th>
                  <Table.Th>{ANALYSIS_MESSAGES.colParameters}</Table.Th>
                  <Table.Th>{ANALYSIS_MESSAGES.colUser}</Table.Th>
                  <Table.Th>{ANALYSIS_MESSAGES.colStatus}</Table.Th>
                  <Table.Th ta="right">{ANALYSIS_MESSAGES.colDuration}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.items.map((run) => (
                  <Table.Tr key={run.id} bg={run.id === openId ? 'blue.0' : undefined}>
                    <Table.Td>{formatDateTime(run.createdAt)}</Table.Td>
                    <Table.Td maw={260} style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                      {run.portfolioCodes.join(', ')}
                    </Table.Td>
                    <Table.Td>{runDates(run)}</Table.Td>
                    <Table.Td c="dimmed">{describeInputs(run.inputs)}</Table.Td>
                    <Table.Td>{run.createdBy.fullName}</Table.Td>
                    <Table.Td>
                      <RunStatusBadge status={run.status} />
                    </Table.Td>
                    <Table.Td ta="right">{run.durationMs === null ? '–' : `${formatNumber(run.durationMs / 1000, 1)} sn`}</Table.Td>
                    <Table.Td ta="right">
                      <Button size="compact-xs" variant={run.id === openId ? 'filled' : 'light'} onClick={() => open(run.id)} aria-label={`${ANALYSIS_MESSAGES.open} ${formatDateTime(run.createdAt)}`}>
                        {ANALYSIS_MESSAGES.open}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Group justify="space-between" mt="xs">
              <Text size="xs" c="dimmed">
                {ANALYSIS_MESSAGES.totalRuns(total)}
              </Text>
              <Group gap="xs">
                <Button size="compact-xs" variant="default" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
                  {ANALYSIS_MESSAGES.prevPage}
                </Button>
                <Button size="compact-xs" variant="default" disabled={(page + 1) * PAGE_SIZE >= total} onClick={() => setPage((p) => p + 1)}>
                  {ANALYSIS_MESSAGES.nextPage}
                </Button>
              </Group>
            </Group>
          </>
        )}
      </Paper>
      {openId === null ? (
        <Text c="dimmed" size="sm">
          {ANALYSIS_MESSAGES.chooseRun}
        </Text>
      ) : (
        <OpenedRun key={openId} runId={openId} resultRoute={definition.resultRoute} renderResult={renderResult} onClose={() => open(null)} />
      )}
    </Stack>
  );
}

function OpenedRun({ runId, resultRoute, renderResult, onClose }: { runId: string; resultRoute: string; renderResult: (run: Run) => ReactNode; onClose: () => void }) {
  const query = useTrackedRun(runId);
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
        <Button size="compact-sm" variant="subtle" onClick={onClose}>
          {ANALYSIS_MESSAGES.close}
        </Button>
      </Group>
      {run.status === 'done' && run.result ? renderResult(run) : <RunStatusCard run={run} resultRoute={resultRoute} canCancel={false} />}
    </Stack>
  );
}
