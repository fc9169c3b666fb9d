import { useState } from 'react';
import { Alert, Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { BENCHMARK_KIND_LABELS, REBALANCING_LABELS, type Benchmark } from '@fonrisk/contracts';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { useCanWrite } from '../../../components/permissions/use-can-write.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { RowActions } from '../../../components/ui/row-actions.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { toastStore } from '../../../lib/toast.ts';
import { useDeleteBenchmark } from '../api/delete-benchmark.ts';
import { useBenchmarks } from '../api/get-benchmarks.ts';
import { BENCHMARK_MESSAGES as M } from '../messages.ts';
import { BenchmarkForm } from './benchmark-form.tsx';
import { BenchmarkReturnsPanel } from './benchmark-returns-panel.tsx';

function componentsText(b: Benchmark): string {
  if (b.kind === 'holdings') return M.holdingsOf(b.holdingsPortfolioCode ?? '–');
  return b.components.map((c) => `${c.seriesTicker} %${formatNumber(c.weightPct)}`).join(' + ');
}

/**
 * benchmark-settings: composite benchmarks (weights summing to 100) and holdings-based ones (a
 * portfolio's holdings), with their computed return index.
 */
export function BenchmarkSettingsPage() {
  const benchmarks = useBenchmarks();
  const remove = useDeleteBenchmark();
  const canWrite = useCanWrite();
  const [editing, setEditing] = useState<Benchmark | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Benchmark | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const code = viewing ?? benchmarks.data?.[0]?.code ?? null;
  const viewed = benchmarks.data?.find((b) => b.code === code);

  return (
    <Stack gap="md">
      <PageHeader
        path="benchmark-settings"
        subtitle={M.settingsSubtitle}
        actions={canWrite && <Button onClick={() => setEditing('new')}>{M.newBenchmark}</Button>}
      />
      {benchmarks.isError && <Alert color="gray">{M.unavailable}</Alert>}
      <Paper withBorder p="sm" radius="md">
        <Title order={4} mb={4}>
          {M.listTitle}
        </Title>
        {benchmarks.data?.length === 0 && <Text c="dimmed">{M.empty}</Text>}
        {benchmarks.data && benchmarks.data.length > 0 && (
          <Table
            striped
            highlightOnHover
            withTableBorder
            fz="xs"
            verticalSpacing={4}
            data-testid="benchmark-table"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{M.code}</Table.Th>
                <Table.Th>{M.name}</Table.Th>
                <Table.Th>{M.kind}</Table.Th>
                <Table.Th>{M.rebalancing}</Table.Th>
                <Table.Th>{M.components}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {benchmarks.data.map((b) => (
                <Table.Tr key={b.code} bg={code === b.code ? 'blue.0' : undefined}>
                  <Table.Td fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {b.code}
                  </Table.Td>
                  <Table.Td>{b.name}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {BENCHMARK_KIND_LABELS[b.kind]}
                  </Table.Td>
                  <Table.Td>{REBALANCING_LABELS[b.rebalancing]}</Table.Td>
                  <Table.Td>{componentsText(b)}</Table.Td>
                  <Table.Td>
                    <RowActions
                      actions={[
                        { label: M.view, onClick: () => setViewing(b.code), tone: 'primary' },
                        { label: M.edit, onClick: () => setEditing(b), hidden: !canWrite },
                        {
                          label: M.delete,
                          onClick: () => setDeleting(b),
                          tone: 'danger',
                          hidden: !canWrite,
                        },
                      ]}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      {viewed !== undefined && (
        <BenchmarkReturnsPanel key={viewed.code} code={viewed.code} kind={viewed.kind} />
      )}
      {editing !== null && (
        <BenchmarkForm
          benchmark={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={setViewing}
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={M.deleteTitle}
        confirmLabel={M.delete}
        cancelLabel={M.cancel}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting === null) return;
          const removed = deleting.code;
          remove.mutate(removed, {
            onSuccess: () => {
              toastStore.show('success', M.deleted(removed));
              if (viewing === removed) setViewing(null);
            },
            onSettled: () => setDeleting(null),
          });
        }}
      >
        {deleting === null ? '' : M.deleteText(deleting.code)}
      </ConfirmDialog>
    </Stack>
  );
}
