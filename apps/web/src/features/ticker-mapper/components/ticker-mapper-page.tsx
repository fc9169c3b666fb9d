import { useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { CompactTable, NUMERIC_CELL } from '../../../components/ui/compact-table.tsx';
import { usePagedRows } from '../../../components/ui/paged-rows.tsx';
import {
  INSTRUMENT_MAIN_TYPE_LABELS,
  MAPPING_KIND_LABELS,
  type TickerMapping,
} from '@fonrisk/contracts';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { useCanWrite } from '../../../components/permissions/use-can-write.ts';
import { DeleteDialog } from '../../../components/ui/delete-dialog.tsx';
import { RowActions } from '../../../components/ui/row-actions.tsx';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { useDeleteTickerMapping } from '../api/delete-ticker-mapping.ts';
import { useTickerMappings } from '../api/get-ticker-mappings.ts';
import { useUnmapped } from '../api/get-unmapped.ts';
import { MAPPER_MESSAGES as M } from '../messages.ts';
import { BulkMapPanel } from './bulk-map-panel.tsx';
import { MapDialog, type MapTarget } from './map-dialog.tsx';
import { filterMappings, NO_MAPPING_FILTER, type MappingFilter } from './mapping-filter.ts';

/** ticker-mapper: unmapped holdings first, mapping one by one or by rule, and each mapping's coverage. */
export function TickerMapperPage() {
  const unmapped = useUnmapped();
  const mappings = useTickerMappings();
  const remove = useDeleteTickerMapping();
  const canWrite = useCanWrite();
  const [target, setTarget] = useState<MapTarget | null>(null);
  const [deleting, setDeleting] = useState<TickerMapping | null>(null);
  const [filter, setFilter] = useState<MappingFilter>(NO_MAPPING_FILTER);
  const shown = useMemo(
    () => (mappings.data ? filterMappings(mappings.data, filter) : []),
    [mappings.data, filter],
  );
  // A house's thousands of mappings and unmapped lines, a page at a time (decision 0130).
  const mappingPage = usePagedRows(shown, 'mapping-table');
  const unmappedPage = usePagedRows(unmapped.data ?? [], 'unmapped-table');

  return (
    <Stack gap="md">
      <PageHeader path="ticker-mapper" subtitle={M.subtitle} />
      {(unmapped.isError || mappings.isError) && <Alert color="gray">{M.unavailable}</Alert>}
      <Paper withBorder p="sm" radius="md">
        <Group justify="space-between" mb={4}>
          <Title order={4}>
            {M.unmappedTitle}{' '}
            {unmapped.data && (
              <Badge color={unmapped.data.length > 0 ? 'orange' : 'teal'}>
                {unmapped.data.length}
              </Badge>
            )}
          </Title>
          <Text size="xs" c="dimmed">
            {M.unmappedHint}
          </Text>
        </Group>
        {unmapped.data?.length === 0 && <Text c="dimmed">{M.allMapped}</Text>}
        {unmapped.data && unmapped.data.length > 0 && (
          <CompactTable
            columns={[
              { label: M.code },
              { label: M.name },
              { label: M.mainType },
              { label: M.portfolioCount, numeric: true },
              { label: M.maxWeightPct, numeric: true },
              { label: M.totalValue, numeric: true },
              canWrite && {},
            ]}
            maxHeight={300}
            testId="unmapped-table"
          >
            {unmappedPage.rows.map((u) => (
              <Table.Tr key={u.instrumentCode}>
                <Table.Td fw={600}>{u.instrumentCode}</Table.Td>
                <Table.Td>{u.instrumentName}</Table.Td>
                <Table.Td>{INSTRUMENT_MAIN_TYPE_LABELS[u.mainType]}</Table.Td>
                <Table.Td style={NUMERIC_CELL}>{formatNumber(u.portfolioCount, 0)}</Table.Td>
                <Table.Td style={NUMERIC_CELL}>{formatNumber(u.maxWeightPct)}</Table.Td>
                <Table.Td style={NUMERIC_CELL}>{formatNumber(u.totalValue)}</Table.Td>
                {canWrite && (
                  <Table.Td>
                    <Button
                      size="compact-xs"
                      variant="light"
                      onClick={() =>
                        setTarget({
                          instrumentCode: u.instrumentCode,
                          seriesTicker: null,
                          mappingKind: 'direct',
                          note: null,
                        })
                      }
                    >
                      {M.map}
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </CompactTable>
        )}
        {unmappedPage.pager}
      </Paper>
      {canWrite && <BulkMapPanel />}
      <Paper withBorder p="sm" radius="md">
        <Group justify="space-between" mb={4}>
          <Title order={4}>
            {M.mappingsTitle}{' '}
            {mappings.data && (
              <Badge variant="light" data-testid="mapping-count">
                {shown.length === mappings.data.length
                  ? formatNumber(mappings.data.length, 0)
                  : M.shownOf(formatNumber(shown.length, 0), formatNumber(mappings.data.length, 0))}
              </Badge>
            )}
          </Title>
          {mappings.data && mappings.data.length > 0 && (
            <Group gap="sm">
              <TextInput
                size="xs"
                w={240}
                aria-label={M.searchLabel}
                placeholder={M.searchPlaceholder}
                value={filter.text}
                onChange={(e) => {
                  const text = e.currentTarget.value;
                  setFilter((f) => ({ ...f, text }));
                }}
              />
              <Checkbox
                size="xs"
                label={M.onlyMissing}
                checked={filter.onlyMissing}
                onChange={(e) => {
                  const onlyMissing = e.currentTarget.checked;
                  setFilter((f) => ({ ...f, onlyMissing }));
                }}
              />
            </Group>
          )}
        </Group>
        {mappings.data?.length === 0 && <Text c="dimmed">{M.noMappings}</Text>}
        {mappings.data && mappings.data.length > 0 && shown.length === 0 && (
          <Text c="dimmed">{M.noMatch}</Text>
        )}
        {shown.length > 0 && (
          <CompactTable
            columns={[
              { label: M.code },
              { label: M.name },
              { label: M.mainType },
              { label: M.series },
              { label: M.mappingKind },
              { label: M.firstDate },
              { label: M.lastDate },
              { label: M.count, numeric: true },
              { label: M.missing, numeric: true },
              { label: M.note },
              canWrite && {},
            ]}
            maxHeight={480}
            testId="mapping-table"
          >
            {mappingPage.rows.map((m) => (
              <Table.Tr key={m.instrumentCode}>
                <Table.Td fw={600}>{m.instrumentCode}</Table.Td>
                <Table.Td>{m.instrumentName}</Table.Td>
                <Table.Td>{INSTRUMENT_MAIN_TYPE_LABELS[m.mainType]}</Table.Td>
                <Table.Td>{m.seriesTicker}</Table.Td>
                <Table.Td>{MAPPING_KIND_LABELS[m.mappingKind]}</Table.Td>
                <Table.Td>{formatDate(m.coverage.firstDate)}</Table.Td>
                <Table.Td>{formatDate(m.coverage.lastDate)}</Table.Td>
                <Table.Td style={NUMERIC_CELL}>{formatNumber(m.coverage.count, 0)}</Table.Td>
                <Table.Td
                  style={NUMERIC_CELL}
                  c={m.coverage.missingBusinessDays > 0 ? 'red.7' : undefined}
                  fw={m.coverage.missingBusinessDays > 0 ? 700 : undefined}
                >
                  {formatNumber(m.coverage.missingBusinessDays, 0)}
                </Table.Td>
                <Table.Td>{m.note ?? ''}</Table.Td>
                {canWrite && (
                  <Table.Td>
                    <RowActions
                      actions={[
                        { label: M.edit, onClick: () => setTarget(m) },
                        { label: M.delete, onClick: () => setDeleting(m), tone: 'danger' },
                      ]}
                    />
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </CompactTable>
        )}
        {mappingPage.pager}
      </Paper>
      {target !== null && (
        <MapDialog key={target.instrumentCode} target={target} onClose={() => setTarget(null)} />
      )}
      <DeleteDialog
        target={deleting}
        label={(m) => m.instrumentCode}
        argument={(m) => m.instrumentCode}
        remove={remove}
        messages={M}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
