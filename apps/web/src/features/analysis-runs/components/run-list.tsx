import { useEffect, useState } from 'react';
import { Alert, Button, Group, Pagination, Paper, Select, Table, Text } from '@mantine/core';
import {
  RUN_STATUS_LABELS,
  RUN_STATUSES,
  type AnalysisType,
  type RunStatus,
  type RunSummary,
} from '@fonrisk/contracts';
import { DateField } from '../../../components/dates/date-field.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useRuns } from '../api/get-runs.ts';
import type { RunFilter } from '../api/run-cache.ts';
import { ANALYSIS_MESSAGES } from '../messages.ts';
import { PortfolioSelect } from './portfolio-select.tsx';
import { RunStatusBadge } from './run-status-card.tsx';

const PAGE_SIZE = 20;

/**
 * A start time, a status or a duration is read as one piece: it never breaks over two lines
 * ("0,0 / sn"); the portfolios, the dates (a range breaks after its dash) and the parameters give
 * way instead.
 */
const ONE_LINE = { whiteSpace: 'nowrap' } as const;

/** The list's least width (its columns at their narrowest readable widths). */
const RUN_LIST_MIN_PX = 900;

/**
 * The portfolios column's widest: its text wraps onto a second line ("NF000, NF001 ve 98 portföy
 * daha" whole), and only a list of very long codes ends in an ellipsis there.
 */
const PORTFOLIOS_MAX_PX = 220;

/** Codes a run's row names before it says how many more it has. */
const PORTFOLIOS_SHOWN = 3;

/**
 * A run's portfolios in its row: every code up to PORTFOLIOS_SHOWN, else the first two and how
 * many more ("NF000, NF001 ve 98 portföy daha"), so that a batch run of a hundred funds says so.
 */
export function portfolioCell(codes: readonly string[]): string {
  if (codes.length <= PORTFOLIOS_SHOWN) return codes.join(', ');
  const shown = PORTFOLIOS_SHOWN - 1;
  return ANALYSIS_MESSAGES.morePortfolios(codes.slice(0, shown).join(', '), codes.length - shown);
}

interface Filters {
  readonly portfolioCode: string | null;
  readonly from: string;
  readonly to: string;
  readonly createdBy: string | null;
  readonly status: RunStatus | null;
}

const NO_FILTERS: Filters = {
  portfolioCode: null,
  from: '',
  to: '',
  createdBy: null,
  status: null,
};

/** The analysis dates of a run as one text: "21.11.2026" or "01.10.2026 – 21.11.2026". */
export function runDates(run: Pick<RunSummary, 'asOfDate' | 'fromDate' | 'toDate'>): string {
  if (run.asOfDate) return formatDate(run.asOfDate);
  if (run.fromDate || run.toDate) return `${formatDate(run.fromDate)} – ${formatDate(run.toDate)}`;
  return '–';
}

/** The list filter sent to GET analyses/runs for one page. */
export function runFilter(analysisType: AnalysisType, filters: Filters, page: number): RunFilter {
  return {
    analysisType,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
    ...(filters.portfolioCode ? { portfolioCode: filters.portfolioCode } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(filters.createdBy ? { createdBy: Number(filters.createdBy) } : {}),
    ...(filters.status ? { status: filters.status } : {}),
  };
}

/**
 * The users to filter by: the signed-in user first, then everyone seen in the runs loaded so far
 * (observers cannot list users, so the list of runs is where names come from).
 */
function useUserOptions(items: readonly RunSummary[]) {
  const session = useSession();
  const [seen, setSeen] = useState<ReadonlyMap<number, string>>(new Map());
  useEffect(() => {
    const fresh = items.filter((run) => run.createdBy.id !== null && !seen.has(run.createdBy.id));
    if (fresh.length > 0)
      setSeen(
        new Map([
          ...seen,
          ...fresh.map((run) => [run.createdBy.id!, run.createdBy.fullName] as const),
        ]),
      );
  }, [items, seen]);
  const me = session?.userId ?? null;
  return [
    ...(me !== null && session
      ? [{ value: String(me), label: ANALYSIS_MESSAGES.me(session.fullName) }]
      : []),
    ...[...seen]
      .filter(([id]) => id !== me)
      .map(([id, name]) => ({ value: String(id), label: name })),
  ];
}

interface RunListProps {
  readonly analysisType: AnalysisType;
  /** Short text of a run's parameters (method, confidence...). */
  readonly describeInputs: (inputs: Record<string, unknown>) => string;
  /** The run shown on the screen, highlighted in the list. */
  readonly selectedId: string | null;
  readonly onOpen: (runId: string) => void;
}

/**
 * The runs of one analysis type, newest first, paged, with filters (portfolio, analysis dates,
 * user, status); a row opens its run through `onOpen`. The screen keeps it current with
 * useRunEvents (statuses and progress change in place).
 */
export function RunList({ analysisType, describeInputs, selectedId, onOpen }: RunListProps) {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const list = useRuns(runFilter(analysisType, filters, page));
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const userOptions = useUserOptions(items);
  const change = (patch: Partial<Filters>): void => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };

  return (
    <Paper withBorder radius="md" p="sm">
      <Group align="flex-end" gap="sm" wrap="wrap" mb="sm">
        <PortfolioSelect
          value={filters.portfolioCode}
          onChange={(portfolioCode) => change({ portfolioCode })}
          clearable
          placeholder={ANALYSIS_MESSAGES.anyPortfolio}
          w={260}
        />
        <DateField
          label={ANALYSIS_MESSAGES.filterFrom}
          value={filters.from}
          onChange={(from) => change({ from })}
        />
        <DateField
          label={ANALYSIS_MESSAGES.filterTo}
          value={filters.to}
          onChange={(to) => change({ to })}
        />
        <Select
          label={ANALYSIS_MESSAGES.filterUser}
          placeholder={ANALYSIS_MESSAGES.anyUser}
          data={userOptions}
          value={filters.createdBy}
          onChange={(createdBy) => change({ createdBy })}
          clearable
          w={200}
          comboboxProps={{ withinPortal: true }}
        />
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
      </Group>
      {list.isError && <Alert color="gray">{ANALYSIS_MESSAGES.listUnavailable}</Alert>}
      {list.isSuccess && items.length === 0 && (
        <Text c="dimmed" size="sm">
          {ANALYSIS_MESSAGES.noRuns}
        </Text>
      )}
      {items.length > 0 && (
        <>
          {/* Narrower than this, the list scrolls inside its panel instead of cutting "Aç" off. */}
          <Table.ScrollContainer minWidth={RUN_LIST_MIN_PX}>
            <Table striped highlightOnHover verticalSpacing={4} fz="sm" data-testid="run-list">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{ANALYSIS_MESSAGES.colCreatedAt}</Table.Th>
                  <Table.Th>{ANALYSIS_MESSAGES.colPortfolios}</Table.Th>
                  <Table.Th>{ANALYSIS_MESSAGES.colDates}</Table.Th>
                  <Table.Th>{ANALYSIS_MESSAGES.colParameters}</Table.Th>
                  <Table.Th>{ANALYSIS_MESSAGES.colUser}</Table.Th>
                  <Table.Th>{ANALYSIS_MESSAGES.colStatus}</Table.Th>
                  <Table.Th ta="right" style={ONE_LINE}>
                    {ANALYSIS_MESSAGES.colDuration}
                  </Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((run) => (
                  <Table.Tr
                    key={run.id}
                    data-run-id={run.id}
                    bg={run.id === selectedId ? 'blue.0' : undefined}
                  >
                    <Table.Td style={ONE_LINE}>{formatDateTime(run.createdAt)}</Table.Td>
                    <Table.Td maw={PORTFOLIOS_MAX_PX} title={run.portfolioCodes.join(', ')}>
                      <Text inherit lineClamp={2}>
                        {portfolioCell(run.portfolioCodes)}
                      </Text>
                    </Table.Td>
                    <Table.Td>{runDates(run)}</Table.Td>
                    <Table.Td c="dimmed">{describeInputs(run.inputs)}</Table.Td>
                    <Table.Td>{run.createdBy.fullName}</Table.Td>
                    <Table.Td style={ONE_LINE}>
                      <RunStatusBadge status={run.status} />
                    </Table.Td>
                    <Table.Td ta="right" style={ONE_LINE}>
                      {run.durationMs === null ? '–' : ANALYSIS_MESSAGES.seconds(run.durationMs)}
                    </Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="compact-xs"
                        variant={run.id === selectedId ? 'filled' : 'light'}
                        onClick={() => onOpen(run.id)}
                        aria-label={`${ANALYSIS_MESSAGES.open} ${formatDateTime(run.createdAt)}`}
                      >
                        {ANALYSIS_MESSAGES.open}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between" mt="xs">
            <Text size="xs" c="dimmed">
              {ANALYSIS_MESSAGES.totalRuns(total)}
            </Text>
            {total > PAGE_SIZE && (
              <Pagination
                size="sm"
                total={Math.ceil(total / PAGE_SIZE)}
                value={page}
                onChange={setPage}
              />
            )}
          </Group>
        </>
      )}
    </Paper>
  );
}
