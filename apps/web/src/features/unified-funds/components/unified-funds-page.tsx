import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { UnifiedPortfolio } from '@fonrisk/contracts';
import { SnapshotDatePicker } from '../../../components/dates/date-field.tsx';
import { HoldingsPanel } from '../../../components/holdings/holdings-panel.tsx';
import { useSnapshotDate } from '../../../components/holdings/use-snapshot-date.ts';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { useCanWrite } from '../../../components/permissions/use-can-write.ts';
import { DeleteDialog } from '../../../components/ui/delete-dialog.tsx';
import { RecordTable } from '../../../components/ui/record-table.tsx';
import { useDeleteUnifiedPortfolio } from '../api/delete-unified-portfolio.ts';
import { useUnifiedPortfolios } from '../api/get-unified-portfolios.ts';
import { UNIFIED_MESSAGES as M } from '../messages.ts';
import { UnifiedForm } from './unified-form.tsx';

/** unified-funds: list, define and edit unified portfolios and view their combined holdings for a date. */
export function UnifiedFundsPage() {
  const list = useUnifiedPortfolios();
  const remove = useDeleteUnifiedPortfolio();
  const canWrite = useCanWrite();
  const [editing, setEditing] = useState<UnifiedPortfolio | 'new' | null>(null);
  const [deleting, setDeleting] = useState<UnifiedPortfolio | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const code = viewing ?? list.data?.[0]?.newPortfolioCode ?? null;

  return (
    <Stack gap="md">
      <PageHeader
        path="unified-funds"
        subtitle={M.subtitle}
        actions={canWrite && <Button onClick={() => setEditing('new')}>{M.newUnified}</Button>}
      />
      {list.isError && <Alert color="gray">{M.unavailable}</Alert>}
      <Paper withBorder p="sm" radius="md">
        <Title order={4} mb={4}>
          {M.listTitle}
        </Title>
        {list.data?.length === 0 && <Text c="dimmed">{M.empty}</Text>}
        {list.data && list.data.length > 0 && (
          <RecordTable
            rows={list.data}
            rowKey={(u) => u.newPortfolioCode}
            selectedKey={code}
            testId="unified-table"
            columns={[
              { header: M.code, cell: (u) => u.newPortfolioCode, strong: true },
              { header: M.name, cell: (u) => u.name },
              {
                header: M.members,
                cell: (u) => (
                  <Group gap={4}>
                    {u.members.map((m) => (
                      <Badge key={m} size="xs" variant="outline">
                        {m}
                      </Badge>
                    ))}
                  </Group>
                ),
              },
            ]}
            actions={(u) => [
              { label: M.view, onClick: () => setViewing(u.newPortfolioCode), tone: 'primary' },
              { label: M.edit, onClick: () => setEditing(u), hidden: !canWrite },
              { label: M.delete, onClick: () => setDeleting(u), tone: 'danger', hidden: !canWrite },
            ]}
          />
        )}
      </Paper>
      {code !== null && <CombinedHoldings key={code} code={code} />}
      {editing !== null && (
        <UnifiedForm
          unified={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <DeleteDialog
        target={deleting}
        label={(u) => u.newPortfolioCode}
        argument={(u) => u.id}
        remove={remove}
        messages={M}
        onClose={() => setDeleting(null)}
        onDeleted={(removed) => viewing === removed && setViewing(null)}
      />
    </Stack>
  );
}

function CombinedHoldings({ code }: { code: string }) {
  const { dates, date, setDate, isLoading } = useSnapshotDate(code);
  return (
    <Paper withBorder p="sm" radius="md">
      <Group justify="space-between" align="flex-end" mb="sm">
        <div>
          <Title order={4}>{M.holdingsTitle(code)}</Title>
          <Text size="xs" c="dimmed">
            {M.holdingsHint}
          </Text>
        </div>
        {dates.length > 0 && (
          <SnapshotDatePicker label={M.date} dates={dates} value={date} onChange={setDate} />
        )}
      </Group>
      {!isLoading && dates.length === 0 && <Alert color="gray">{M.noDates}</Alert>}
      {date !== null && <HoldingsPanel code={code} date={date} stateKey="holdings-unified" />}
    </Paper>
  );
}
