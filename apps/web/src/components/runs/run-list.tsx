import { useMemo, useState } from 'react';
import { Button, Group, Pagination, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { RUN_STATUSES, type RunStatus, type RunSummary } from '@fonrisk/contracts';
import { DateField } from '../dates/date-field.tsx';
import { formatDate, formatDateTime, formatNumber } from '../../lib/format.ts';
import { useRuns, type RunFilter } from './api/runs-api.ts';
import { RUN_MESSAGES } from './messages.ts';
import { RunStatusBadge } from './run-progress.tsx';

const PAGE_SIZE = 20;

interface RunListProps {
  readonly analysisType: string;
  /** Called with the run the user opens. */
  readonly onOpen: (run: RunSummary) => void;
  /** The run shown on the screen, highlighted in the list. */
  readonly selectedId?: string | null;
}

function analysisDates(run: RunSummary): string {
  if (run.asOfDate) return formatDate(run.asOfDate);
  if (run.fromDate && run.toDate) return `${formatDate(run.fromDate)} – ${formatDate(run.toDate)}`;
  return '–';
}

/**
 * The runs of one analysis type, newest first, with filters (portfolio, analysis dates, user,
 * status); a row opens its run through `onOpen`. Kept current by useRunEvents on the screen.
 */
export function RunList({ analysisType, onOpen, selectedId = null }: RunListProps) {
  const [portfolioCode, setPortfolioCode] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [createdBy, setCreatedBy] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [page, setPage] = useState(1);

  const filter: RunFilter = {
    analysisType,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
    ...(portfolioCode.trim() ? { portfolioCode: portfolioCode.trim().toUpperCase() } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(createdBy ? { createdBy: Number(createdBy) } : {}),
    ...(status ? { status: status as RunStatus } : {}),
  };
  const runs = useRuns(filter);
  const items = runs.data?.items ?? [];
  const total = runs.data?.total ?? 0;

  // The users seen in the runs loaded so far (observers cannot list users).
  const [knownUsers, setKnownUsers] = useState(new Map<number, string>());
  const userOptions = useMemo(() => {
    const next = new Map(knownUsers);
    let grew = false;
    for (const run of items) {
      if (run.createdBy.id !== null && !next.has(run.createdBy.id)) {
        next.set(run.createdBy.id, run.createdBy.fullName);
        grew = true;
      }
    }
    if (grew) queueMicrotask(() => setKnownUsers(next));
    return [...next].map(([id, name]) => ({ value: String(id), label: name }));
  }, [items, knownUsers]);

  const resetPage = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setPage(1);
  };

  return (
    <Stack gap="sm">
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={RUN_MESSAGES.filters.portfolio}
          value={portfolioCode}
          onChange={(e) => resetPage(setPortfolioCode)(e.currentTarget.value)}
        />
        <DateField label={RUN_MESSAGES.filters.from} value={from} onChange={resetPage(setFrom)} />
        <DateField label={RUN_MESSAGES.filters.to} value={to} onChange={resetPage(setTo)} />
        <Select
          label={RUN_MESSAGES.filters.user}
          placeholder={RUN_MESSAGES.filters.all}
          data={userOptions}
          value={createdBy}
          onChange={resetPage(setCreatedBy)}
          clearable
        />
        <Select
          label={RUN_MESSAGES.filters.status}
          placeholder={RUN_MESSAGES.filters.all}
          data={RUN_STATUSES.map((s) => ({ value: s, label: RUN_MESSAGES.status[s] }))}
          value={status}
          onChange={resetPage(setStatus)}
          clearable
        />
      </Group>
      <Table highlightOnHover striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{RUN_MESSAGES.columns.createdAt}</Table.Th>
            <Table.Th>{RUN_MESSAGES.columns.portfolios}</Table.Th>
            <Table.Th>{RUN_MESSAGES.columns.dates}</Table.Th>
            <Table.Th>{RUN_MESSAGES.columns.user}</Table.Th>
            <Table.Th>{RUN_MESSAGES.columns.status}</Table.Th>
            <Table.Th>{RUN_MESSAGES.columns.duration}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((run) => (
            <Table.Tr key={run.id} data-run-id={run.id} bg={run.id === selectedId ? 'var(--mantine-color-blue-light)' : undefined}>
              <Table.Td>{formatDateTime(run.createdAt)}</Table.Td>
              <Table.Td>{run.portfolioCodes.join(', ')}</Table.Td>
              <Table.Td>{analysisDates(run)}</Table.Td>
              <Table.Td>{run.createdBy.fullName}</Table.Td>
              <Table.Td>
                <RunStatusBadge status={run.status} />
              </Table.Td>
              <Table.Td>{run.durationMs === null ? '–' : RUN_MESSAGES.seconds(formatNumber(run.durationMs / 1000, 1))}</Table.Td>
              <Table.Td>
                <Button size="xs" variant="subtle" onClick={() => onOpen(run)}>
                  {RUN_MESSAGES.open}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {runs.isSuccess && items.length === 0 ? <Text c="dimmed">{RUN_MESSAGES.noRuns}</Text> : null}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {RUN_MESSAGES.total(total)}
        </Text>
        {total > PAGE_SIZE ? <Pagination total={Math.ceil(total / PAGE_SIZE)} value={page} onChange={setPage} /> : null}
      </Group>
    </Stack>
  );
}
