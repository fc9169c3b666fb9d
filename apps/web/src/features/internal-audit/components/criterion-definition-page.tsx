import { useState } from 'react';
import { Badge, Button, FileButton, Group, Paper, Stack, Table, Text } from '@mantine/core';
import {
  CRITERION_AGGREGATION_LABELS,
  CRITERION_SEVERITY_LABELS,
  FUND_CATEGORY_LABELS,
  aggregationUnit,
  formatLimit,
  type AmbiguousNumber,
  type NumberFormat,
  type Criterion,
} from '@fonrisk/contracts';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { useCanWrite } from '../../../components/permissions/use-can-write.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import {
  AmbiguousNumbersDialog,
  ambiguousNumbersOf,
} from '../../../components/imports/ambiguous-numbers.tsx';
import { SourceNote } from '../../../components/ui/source-note.tsx';
import { formatDate } from '../../../lib/format.ts';
import { toastStore } from '../../../lib/toast.ts';
import { useDeleteCriterion } from '../api/delete-criterion.ts';
import { useExportCriteria } from '../api/export-criteria.ts';
import { useCriteria } from '../api/get-criteria.ts';
import { useImportCriteria } from '../api/import-criteria.ts';
import { AUDIT_MESSAGES as M } from '../messages.ts';
import { CriterionEditor } from './criterion-editor.tsx';

function scopeText(c: Criterion): string {
  const parts = [
    ...c.scope.fundCategories.map((k) => FUND_CATEGORY_LABELS[k]),
    ...c.scope.portfolioCodes,
  ];
  return parts.length === 0 ? M.allFunds : parts.join(', ');
}

/** `criterion-definition`: the criteria grouped by heading, with create, edit, retire, import and export. */
export function CriterionDefinitionPage() {
  const criteria = useCriteria();
  const canWrite = useCanWrite();
  const [editing, setEditing] = useState<Criterion | 'new' | null>(null);
  const [removing, setRemoving] = useState<Criterion | null>(null);
  const importer = useImportCriteria();
  const exporter = useExportCriteria();
  const remover = useDeleteCriterion();
  const list = criteria.data ?? [];
  const groups = [...new Set(list.map((c) => c.group))];
  const download = (format: 'json' | 'xlsx'): void =>
    exporter.mutate(format, {
      onSuccess: (file) => toastStore.show('success', M.exported(file.fileName)),
    });
  // A file whose numbers show no format waits for the user to confirm both readings (409).
  const [ambiguous, setAmbiguous] = useState<{
    file: File;
    cells: readonly AmbiguousNumber[];
  } | null>(null);
  const upload = (file: File | null, acceptWarnings = false, numberFormat?: NumberFormat): void => {
    if (file === null) return;
    importer.mutate(
      { file, acceptWarnings, ...(numberFormat === undefined ? {} : { numberFormat }) },
      {
        onSuccess: (r) => {
          setAmbiguous(null);
          toastStore.show('success', M.imported(r.created, r.updated, r.unchanged));
        },
        onError: (error) => {
          const cells = ambiguousNumbersOf(error);
          setAmbiguous(cells === null ? null : { file, cells });
        },
      },
    );
  };
  return (
    <Stack gap="md">
      <PageHeader
        path="criterion-definition"
        subtitle={M.criteriaSubtitle}
        actions={
          <Group gap="xs">
            <Button
              variant="default"
              size="sm"
              onClick={() => download('json')}
              loading={exporter.isPending}
            >
              {M.exportJson}
            </Button>
            <Button variant="default" size="sm" onClick={() => download('xlsx')}>
              {M.exportXlsx}
            </Button>
            {canWrite && (
              <>
                <FileButton onChange={(file) => upload(file)} accept=".json,.xlsx,application/json">
                  {(props) => (
                    <Button variant="light" size="sm" loading={importer.isPending} {...props}>
                      {M.importFile}
                    </Button>
                  )}
                </FileButton>
                <Button size="sm" onClick={() => setEditing('new')}>
                  {M.newCriterion}
                </Button>
              </>
            )}
          </Group>
        }
      />
      {criteria.isSuccess && list.length === 0 && <Text c="dimmed">{M.empty}</Text>}
      {groups.map((group) => (
        <Paper key={group} withBorder radius="md" p="sm">
          <Text fw={600} mb="xs">
            {group}
          </Text>
          <Table highlightOnHover verticalSpacing={4} fz="sm" data-testid="criteria-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{M.colCode}</Table.Th>
                <Table.Th>{M.colName}</Table.Th>
                <Table.Th>{M.colMeasure}</Table.Th>
                <Table.Th>{M.colLimit}</Table.Th>
                <Table.Th>{M.colSeverity}</Table.Th>
                <Table.Th>{M.colScope}</Table.Th>
                <Table.Th>{M.colEffective}</Table.Th>
                <Table.Th ta="right">{M.colVersion}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list
                .filter((c) => c.group === group)
                .map((c) => (
                  <Table.Tr
                    key={c.code}
                    style={{ cursor: 'pointer' }}
                    onClick={() => setEditing(c)}
                    data-code={c.code}
                    opacity={c.enabled ? 1 : 0.55}
                  >
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{c.code}</Table.Td>
                    <Table.Td>
                      {c.name}{' '}
                      <SourceNote
                        source={c.source}
                        confirmed={c.confirmed}
                        testId={`source-note-${c.code}`}
                      />
                      {!c.enabled && (
                        <Badge size="xs" color="gray" variant="light" ml={4}>
                          {M.disabled}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{CRITERION_AGGREGATION_LABELS[c.measure.aggregation]}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatLimit(c.comparison, aggregationUnit(c.measure.aggregation))}
                    </Table.Td>
                    <Table.Td>
                      <Badge
                        size="sm"
                        color={c.severity === 'breach' ? 'red' : 'orange'}
                        variant="light"
                      >
                        {CRITERION_SEVERITY_LABELS[c.severity]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{scopeText(c)}</Table.Td>
                    <Table.Td>{formatDate(c.effectiveFrom)}</Table.Td>
                    <Table.Td ta="right">{c.version}</Table.Td>
                    <Table.Td>
                      {canWrite && (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="red"
                          onClick={(e) => {
                            e.stopPropagation();
                            setRemoving(c);
                          }}
                        >
                          {M.remove}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
            </Table.Tbody>
          </Table>
        </Paper>
      ))}
      {editing !== null && (
        <CriterionEditor
          criterion={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {ambiguous !== null && (
        <AmbiguousNumbersDialog
          cells={ambiguous.cells}
          busy={importer.isPending}
          onCancel={() => setAmbiguous(null)}
          onConfirm={(reading) => upload(ambiguous.file, true, reading)}
        />
      )}
      <ConfirmDialog
        opened={removing !== null}
        title={M.remove}
        confirmLabel={M.remove}
        cancelLabel={M.cancel}
        busy={remover.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const code = removing!.code;
          remover.mutate(code, {
            onSuccess: () => {
              toastStore.show('success', M.removed(code));
              setRemoving(null);
            },
          });
        }}
      >
        {removing ? M.removeConfirm(removing.code) : ''}
      </ConfirmDialog>
    </Stack>
  );
}
