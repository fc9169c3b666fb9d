import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { UnifiedPortfolio } from '@fonrisk/contracts';
import { SnapshotDatePicker } from '../../../components/dates/date-field.tsx';
import { HoldingsPanel } from '../../../components/holdings/holdings-panel.tsx';
import { useSnapshotDate } from '../../../components/holdings/use-snapshot-date.ts';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { useCanWrite } from '../../../components/permissions/use-can-write.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { RowActions } from '../../../components/ui/row-actions.tsx';
import { toastStore } from '../../../lib/toast.ts';
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
          <Table
            striped
            highlightOnHover
            withTableBorder
            fz="xs"
            verticalSpacing={4}
            data-testid="unified-table"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{M.code}</Table.Th>
                <Table.Th>{M.name}</Table.Th>
                <Table.Th>{M.members}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((u) => (
                <Table.Tr key={u.id} bg={code === u.newPortfolioCode ? 'blue.0' : undefined}>
                  <Table.Td fw={600}>{u.newPortfolioCode}</Table.Td>
                  <Table.Td>{u.name}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {u.members.map((m) => (
                        <Badge key={m} size="xs" variant="outline">
                          {m}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <RowActions
                      actions={[
                        {
                          label: M.view,
                          onClick: () => setViewing(u.newPortfolioCode),
                          tone: 'primary',
                        },
                        { label: M.edit, onClick: () => setEditing(u), hidden: !canWrite },
                        {
                          label: M.delete,
                          onClick: () => setDeleting(u),
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
      {code !== null && <CombinedHoldings key={code} code={code} />}
      {editing !== null && (
        <UnifiedForm
          unified={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
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
          const removed = deleting.newPortfolioCode;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toastStore.show('success', M.deleted(removed));
              if (viewing === removed) setViewing(null);
            },
            onSettled: () => setDeleting(null),
          });
        }}
      >
        {deleting === null ? '' : M.deleteText(deleting.newPortfolioCode)}
      </ConfirmDialog>
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
