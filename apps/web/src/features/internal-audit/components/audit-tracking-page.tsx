import { useState } from 'react';
import {
  Badge,
  Button,
  Grid,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import {
  BREACH_STATUSES,
  BREACH_STATUS_LABELS,
  CRITERION_SEVERITY_LABELS,
  type Breach,
  type BreachStatus,
} from '@fonrisk/contracts';
import { PortfolioMultiSelect } from '../../analysis-runs/components/portfolio-select.tsx';
import { Section } from '../../analysis-runs/components/figures.tsx';
import { formatPct } from '../../analysis-runs/components/format.ts';
import { DateField } from '../../../components/dates/date-field.tsx';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { useCanWrite } from '../../../components/permissions/use-can-write.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { toastStore } from '../../../lib/toast.ts';
import { useCommentBreach } from '../api/comment-breach.ts';
import { useExportBreaches } from '../api/export-breaches.ts';
import { useCriteria } from '../api/get-criteria.ts';
import { useBreach, useBreaches, type BreachFilterState } from '../api/get-breaches.ts';
import { useUpdateBreach } from '../api/update-breach.ts';
import { AUDIT_MESSAGES as M } from '../messages.ts';
import { AuditRunAllButton } from './audit-run-all-button.tsx';

const STATUS_COLOR: Readonly<Record<BreachStatus, string>> = {
  open: 'red',
  remedying: 'orange',
  resolved: 'green',
  accepted: 'gray',
};
const statusOptions = BREACH_STATUSES.map((value) => ({
  value,
  label: BREACH_STATUS_LABELS[value],
}));

function lastValueText(b: Breach): string {
  if (b.lastValue === null) return '—';
  return b.limitText.includes('%')
    ? formatPct(b.lastValue)
    : b.lastValue.toLocaleString('tr-TR', { maximumFractionDigits: 1 });
}

/** `internal-audit-tracking`: breaches from first to last day with status, owner, due date and the comment trail. */
export function AuditTrackingPage() {
  const [filter, setFilter] = useState<BreachFilterState>({
    portfolioCodes: [],
    criterionCodes: [],
    statuses: ['open', 'remedying'],
    minAgeDays: '',
  });
  const [chosen, setChosen] = useState<number | null>(null);
  const breaches = useBreaches(filter);
  const criteria = useCriteria();
  const exporter = useExportBreaches();
  const canWrite = useCanWrite();
  const list = breaches.data ?? [];
  const change = (patch: Partial<BreachFilterState>): void =>
    setFilter((f) => ({ ...f, ...patch }));
  return (
    <Stack gap="md">
      <PageHeader
        path="internal-audit-tracking"
        subtitle={M.trackingSubtitle}
        actions={
          <Group gap="xs">
            <Button
              variant="default"
              size="sm"
              loading={exporter.isPending}
              onClick={() =>
                exporter.mutate(filter, {
                  onSuccess: (f) => toastStore.show('success', M.exported(f.fileName)),
                })
              }
            >
              {M.exportBreaches}
            </Button>
            {canWrite && <AuditRunAllButton />}
          </Group>
        }
      />
      <Paper withBorder radius="md" p="sm">
        <Grid gutter="sm" mb="sm">
          <Grid.Col span={{ base: 12, md: 3 }}>
            <PortfolioMultiSelect
              label={M.filterPortfolios}
              value={filter.portfolioCodes}
              onChange={(portfolioCodes) => change({ portfolioCodes })}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <MultiSelect
              label={M.filterCriteria}
              data={(criteria.data ?? []).map((c) => ({
                value: c.code,
                label: `${c.code} · ${c.name}`,
              }))}
              value={filter.criterionCodes}
              onChange={(criterionCodes) => change({ criterionCodes })}
              searchable
              clearable
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 3 }}>
            <MultiSelect
              label={M.filterStatuses}
              data={statusOptions}
              value={filter.statuses}
              onChange={(v) => change({ statuses: v as BreachStatus[] })}
              clearable
              data-testid="status-filter"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 2 }}>
            <NumberInput
              label={M.filterAge}
              value={filter.minAgeDays}
              min={0}
              allowDecimal={false}
              onChange={(v) => change({ minAgeDays: typeof v === 'number' ? v : '' })}
            />
          </Grid.Col>
        </Grid>
        {breaches.isSuccess && list.length === 0 ? (
          <Text c="dimmed">{M.noBreaches}</Text>
        ) : (
          <Table highlightOnHover verticalSpacing={4} fz="sm" data-testid="breaches-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{M.colPortfolio}</Table.Th>
                <Table.Th>{M.colName}</Table.Th>
                <Table.Th>{M.colSeverity}</Table.Th>
                <Table.Th>{M.colStatus}</Table.Th>
                <Table.Th>{M.colFirst}</Table.Th>
                <Table.Th>{M.colLast}</Table.Th>
                <Table.Th ta="right">{M.colAge}</Table.Th>
                <Table.Th>{M.colDue}</Table.Th>
                <Table.Th ta="right">{M.colLastValue}</Table.Th>
                <Table.Th>{M.colLimit}</Table.Th>
                <Table.Th>{M.colOwner}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((b) => (
                <Table.Tr
                  key={b.id}
                  bg={b.id === chosen ? 'blue.0' : undefined}
                  style={{ cursor: 'pointer' }}
                  onClick={() => setChosen(b.id)}
                  data-breach={b.id}
                >
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {b.portfolioCode}{' '}
                    {b.isDemo && (
                      <Badge size="xs" variant="outline" color="gray">
                        {M.demo}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{b.criterionName}</Table.Td>
                  <Table.Td>{CRITERION_SEVERITY_LABELS[b.severity]}</Table.Td>
                  <Table.Td>
                    <Badge size="sm" color={STATUS_COLOR[b.status]} variant="light">
                      {BREACH_STATUS_LABELS[b.status]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{formatDate(b.firstDate)}</Table.Td>
                  <Table.Td>{formatDate(b.lastDate)}</Table.Td>
                  <Table.Td ta="right">{b.ageDays}</Table.Td>
                  <Table.Td c={b.overdue ? 'red.8' : undefined} fw={b.overdue ? 600 : undefined}>
                    {formatDate(b.dueDate)}
                    {b.overdue ? ` · ${M.overdue}` : ''}
                  </Table.Td>
                  <Table.Td ta="right">{lastValueText(b)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{b.limitText}</Table.Td>
                  <Table.Td>{b.owner ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      {chosen === null ? (
        <Text c="dimmed" size="sm">
          {M.chooseBreach}
        </Text>
      ) : (
        <BreachPanel key={chosen} id={chosen} canWrite={canWrite} />
      )}
    </Stack>
  );
}

function BreachPanel({ id, canWrite }: { id: number; canWrite: boolean }) {
  const breach = useBreach(id);
  const update = useUpdateBreach();
  const comment = useCommentBreach();
  const [status, setStatus] = useState<BreachStatus | null>(null);
  const [owner, setOwner] = useState<string | null>(null);
  const [dueDate, setDueDate] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; text?: string }>({});
  const b = breach.data;
  if (!b) return null;
  const currentStatus = status ?? b.status;
  const save = (): void => {
    if (currentStatus === 'accepted' && b.status !== 'accepted' && reason.trim() === '') {
      setErrors({ reason: M.reasonRequired });
      return;
    }
    setErrors({});
    update.mutate(
      {
        id,
        change: {
          ...(status !== null ? { status } : {}),
          ...(owner !== null ? { owner } : {}),
          ...(dueDate !== null ? { dueDate } : {}),
          ...(currentStatus === 'accepted' ? { acceptReason: reason } : {}),
        },
      },
      {
        onSuccess: () => {
          setStatus(null);
          setOwner(null);
          setDueDate(null);
        },
      },
    );
  };
  const addComment = (): void => {
    if (text.trim() === '') {
      setErrors({ text: M.commentRequired });
      return;
    }
    setErrors({});
    comment.mutate({ id, text }, { onSuccess: () => setText('') });
  };
  return (
    <Section title={M.breachTitle(b.portfolioCode, b.criterionName)}>
      <Grid gutter="md" data-testid="breach-panel">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="xs">
            <Text size="sm">{`${formatDate(b.firstDate)} – ${formatDate(b.lastDate)} · ${b.limitText}`}</Text>
            {b.resolvedDate && <Text size="sm">{M.resolvedOn(formatDate(b.resolvedDate))}</Text>}
            {b.acceptReason && <Text size="sm">{`${M.acceptReason}: ${b.acceptReason}`}</Text>}
            {canWrite && (
              <>
                <Select
                  label={M.status}
                  data={statusOptions}
                  value={currentStatus}
                  onChange={(v) => v && setStatus(v as BreachStatus)}
                  allowDeselect={false}
                />
                {currentStatus === 'accepted' && b.status !== 'accepted' && (
                  <Textarea
                    label={M.acceptReason}
                    value={reason}
                    onChange={(e) => setReason(e.currentTarget.value)}
                    error={errors.reason}
                    autosize
                    minRows={2}
                  />
                )}
                <TextInput
                  label={M.owner}
                  value={owner ?? b.owner ?? ''}
                  onChange={(e) => setOwner(e.currentTarget.value)}
                />
                <DateField label={M.dueDate} value={dueDate ?? b.dueDate} onChange={setDueDate} />
                <Button
                  onClick={save}
                  loading={update.isPending}
                  disabled={status === null && owner === null && dueDate === null}
                >
                  {M.saveChanges}
                </Button>
              </>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Text fw={600} size="sm" mb="xs">
            {M.trail}
          </Text>
          <Stack gap={6} data-testid="breach-trail">
            {b.events.map((e) => (
              <Paper
                key={e.id}
                withBorder
                p={6}
                radius="sm"
                bg={e.kind === 'comment' ? 'blue.0' : 'gray.0'}
              >
                <Text size="xs" c="dimmed">{`${formatDateTime(e.at)} · ${e.userName}`}</Text>
                <Text size="sm">{e.text}</Text>
              </Paper>
            ))}
          </Stack>
          {canWrite && (
            <Stack gap="xs" mt="sm">
              <Textarea
                label={M.comment}
                value={text}
                onChange={(e) => setText(e.currentTarget.value)}
                error={errors.text}
                autosize
                minRows={2}
              />
              <Group justify="flex-end">
                <Button size="sm" onClick={addComment} loading={comment.isPending}>
                  {M.addComment}
                </Button>
              </Group>
            </Stack>
          )}
        </Grid.Col>
      </Grid>
    </Section>
  );
}
