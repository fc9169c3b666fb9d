import { useState } from 'react';
import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { BENCHMARK_KIND_LABELS, REBALANCING_LABELS, type Benchmark } from '@fonrisk/contracts';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { useCanWrite } from '../../../components/permissions/use-can-write.ts';
import { DeleteDialog } from '../../../components/ui/delete-dialog.tsx';
import { RecordTable } from '../../../components/ui/record-table.tsx';
import { formatNumber } from '../../../lib/format.ts';
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
          <RecordTable
            rows={benchmarks.data}
            rowKey={(b) => b.code}
            selectedKey={code}
            testId="benchmark-table"
            columns={[
              { header: M.code, cell: (b) => b.code, strong: true, nowrap: true },
              { header: M.name, cell: (b) => b.name },
              { header: M.kind, cell: (b) => BENCHMARK_KIND_LABELS[b.kind], nowrap: true },
              { header: M.rebalancing, cell: (b) => REBALANCING_LABELS[b.rebalancing] },
              { header: M.components, cell: componentsText },
            ]}
            actions={(b) => [
              { label: M.view, onClick: () => setViewing(b.code), tone: 'primary' },
              { label: M.edit, onClick: () => setEditing(b), hidden: !canWrite },
              { label: M.delete, onClick: () => setDeleting(b), tone: 'danger', hidden: !canWrite },
            ]}
          />
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
      <DeleteDialog
        target={deleting}
        label={(b) => b.code}
        argument={(b) => b.code}
        remove={remove}
        messages={M}
        onClose={() => setDeleting(null)}
        onDeleted={(removed) => viewing === removed && setViewing(null)}
      />
    </Stack>
  );
}
