import { useState, type SyntheticEvent } from 'react';
import {
  Alert,
  Button,
  Code,
  Group,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_LABELS,
  auditLabel,
  type AuditEntry,
} from '@fonrisk/contracts';
import { formatDateTime } from '../../../lib/format.ts';
import { useExportAuditLog, type AuditFilters } from '../api/export-audit-log.ts';
import { useAuditLog } from '../api/get-audit-log.ts';
import { AUDIT_MESSAGES } from '../messages.ts';

const PAGE_SIZE = 50;

/** The actions by their Turkish names, in alphabetical order (the filter's list). */
const ACTION_OPTIONS = Object.entries(AUDIT_ACTION_LABELS)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label, 'tr'));
const EMPTY: Record<keyof AuditFilters, string> = {
  from: '',
  to: '',
  actor: '',
  entity: '',
  action: '',
};

/** Only the filled filters are sent. */
function toFilters(form: Record<keyof AuditFilters, string>): AuditFilters {
  const filters: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) if (value.trim() !== '') filters[key] = value;
  return filters;
}

/** A before/after value as short JSON text (the trail shows data, never markup). */
function Value({ value }: { readonly value: unknown }) {
  if (value === null || value === undefined) return <Text c="dimmed">–</Text>;
  return (
    <Code block style={{ maxWidth: 360, maxHeight: 120, overflow: 'auto', whiteSpace: 'pre-wrap' }}>
      {JSON.stringify(value, null, 1)}
    </Code>
  );
}

function Row({ entry }: { readonly entry: AuditEntry }) {
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.occurredAt)}</Table.Td>
      <Table.Td>{entry.actorUsername ?? AUDIT_MESSAGES.unknownActor}</Table.Td>
      <Table.Td>{entry.clientAddress ?? '–'}</Table.Td>
      <Table.Td title={entry.action}>{auditLabel(AUDIT_ACTION_LABELS, entry.action)}</Table.Td>
      <Table.Td>
        {auditLabel(AUDIT_ENTITY_LABELS, entry.entity)}
        {entry.entityId !== null && ` · ${entry.entityId}`}
      </Table.Td>
      <Table.Td>
        <Stack gap={4}>
          <Text size="xs" fw={600}>
            {AUDIT_MESSAGES.before}
          </Text>
          <Value value={entry.before} />
          <Text size="xs" fw={600}>
            {AUDIT_MESSAGES.after}
          </Text>
          <Value value={entry.after} />
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

/** Admin and Super Admin: the audit trail with filters, pages and an Excel export. Read-only. */
export function AuditLogPanel() {
  const [form, setForm] = useState(EMPTY);
  const [filters, setFilters] = useState<AuditFilters>({});
  const [page, setPage] = useState(1);
  const log = useAuditLog({ ...filters, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const exporter = useExportAuditLog();

  const submit = (event: SyntheticEvent): void => {
    event.preventDefault();
    setFilters(toFilters(form));
    setPage(1);
  };
  const field = (key: keyof AuditFilters) => ({
    value: form[key],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setForm((f) => ({ ...f, [key]: value }));
    },
  });
  const pages = Math.max(1, Math.ceil((log.data?.total ?? 0) / PAGE_SIZE));

  return (
    <Paper withBorder radius="md" p="lg" data-testid="audit-log-panel">
      <Stack>
        <Group justify="space-between">
          <Title order={3}>{AUDIT_MESSAGES.title}</Title>
          <Button
            variant="light"
            loading={exporter.isPending}
            onClick={() => {
              exporter.mutate(filters);
            }}
          >
            {AUDIT_MESSAGES.export}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {AUDIT_MESSAGES.description}
        </Text>
        <form onSubmit={submit}>
          <Group align="flex-end">
            <TextInput type="date" label={AUDIT_MESSAGES.from} {...field('from')} />
            <TextInput type="date" label={AUDIT_MESSAGES.to} {...field('to')} />
            <TextInput label={AUDIT_MESSAGES.actor} {...field('actor')} />
            <Select
              label={AUDIT_MESSAGES.entity}
              placeholder={AUDIT_MESSAGES.anyEntity}
              clearable
              data={Object.entries(AUDIT_ENTITY_LABELS).map(([value, label]) => ({ value, label }))}
              value={form.entity === '' ? null : form.entity}
              onChange={(value) => {
                setForm((f) => ({ ...f, entity: value ?? '' }));
              }}
            />
            <Select
              label={AUDIT_MESSAGES.action}
              placeholder={AUDIT_MESSAGES.anyAction}
              clearable
              searchable
              data={ACTION_OPTIONS}
              value={form.action === '' ? null : form.action}
              onChange={(value) => {
                setForm((f) => ({ ...f, action: value ?? '' }));
              }}
            />
            <Button type="submit">{AUDIT_MESSAGES.filter}</Button>
            <Button
              variant="subtle"
              onClick={() => {
                setForm(EMPTY);
                setFilters({});
                setPage(1);
              }}
            >
              {AUDIT_MESSAGES.clear}
            </Button>
          </Group>
        </form>
        {log.isError && <Alert color="gray">{AUDIT_MESSAGES.unavailable}</Alert>}
        {log.data && (
          <>
            <Text size="sm">{AUDIT_MESSAGES.total(log.data.total)}</Text>
            {log.data.items.length === 0 ? (
              <Text c="dimmed">{AUDIT_MESSAGES.empty}</Text>
            ) : (
              <Table.ScrollContainer minWidth={1000}>
                <Table striped verticalSpacing="xs" data-testid="audit-log-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{AUDIT_MESSAGES.occurredAt}</Table.Th>
                      <Table.Th>{AUDIT_MESSAGES.actor}</Table.Th>
                      <Table.Th>{AUDIT_MESSAGES.clientAddress}</Table.Th>
                      <Table.Th>{AUDIT_MESSAGES.action}</Table.Th>
                      <Table.Th>{AUDIT_MESSAGES.record}</Table.Th>
                      <Table.Th>{AUDIT_MESSAGES.changes}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {log.data.items.map((entry) => (
                      <Row key={entry.id} entry={entry} />
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} />}
          </>
        )}
      </Stack>
    </Paper>
  );
}
