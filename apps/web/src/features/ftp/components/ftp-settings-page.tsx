import { useState } from 'react';
import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import {
  FTP_PROTOCOL_LABELS,
  USER_ADMIN_ROLES,
  type FtpConnection,
  type FtpTestResult,
} from '@fonrisk/contracts';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { useCanWrite } from '../../../components/permissions/use-can-write.ts';
import { DeleteDialog } from '../../../components/ui/delete-dialog.tsx';
import { RecordTable } from '../../../components/ui/record-table.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { toastStore } from '../../../lib/toast.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useDeleteConnection } from '../api/delete-connection.ts';
import { useConnections } from '../api/get-connections.ts';
import { useResetHostKey } from '../api/reset-host-key.ts';
import { useTestConnection } from '../api/test-connection.ts';
import { FTP_MESSAGES as M } from '../messages.ts';
import { ConnectionForm } from './connection-form.tsx';
import { RulesPanel } from './rules-panel.tsx';
import { TestResultModal } from './test-result-modal.tsx';

function hostKeyText(c: FtpConnection): string {
  if (c.protocol !== 'sftp') return '–';
  if (c.hostKeyFingerprint === null) return M.hostKeyNotPinned;
  return `${c.hostKeyFingerprint} (${M.hostKeyPinnedAt(formatDateTime(c.hostKeyPinnedAt))})`;
}

/**
 * ftp-settings: the file-delivery connections (FTP, FTPS, SFTP), "Bağlantıyı sına", the pinned
 * SFTP host key and each connection's file rules.
 */
export function FtpSettingsPage() {
  const connections = useConnections();
  const remove = useDeleteConnection();
  const test = useTestConnection();
  const reset = useResetHostKey();
  const canOperate = useCanWrite();
  const session = useSession();
  const isAdmin =
    session !== null && (USER_ADMIN_ROLES as readonly string[]).includes(session.role);
  const [editing, setEditing] = useState<FtpConnection | 'new' | null>(null);
  const [deleting, setDeleting] = useState<FtpConnection | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [tested, setTested] = useState<{ name: string; result: FtpTestResult } | null>(null);
  const current = connections.data?.find((c) => c.id === selected) ?? connections.data?.[0] ?? null;

  const runTest = (c: FtpConnection): void => {
    test.mutate(c.id, { onSuccess: (result) => setTested({ name: c.name, result }) });
  };

  return (
    <Stack gap="md">
      <PageHeader
        path="ftp-settings"
        subtitle={M.settingsSubtitle}
        actions={isAdmin && <Button onClick={() => setEditing('new')}>{M.newConnection}</Button>}
      />
      {connections.isError && <Alert color="gray">{M.unavailable}</Alert>}
      {!isAdmin && (
        <Text size="sm" c="dimmed">
          {M.adminOnly}
        </Text>
      )}
      <Paper withBorder p="sm" radius="md">
        <Title order={4} mb={4}>
          {M.connectionsTitle}
        </Title>
        {connections.data?.length === 0 && <Text c="dimmed">{M.emptyConnections}</Text>}
        {connections.data !== undefined && connections.data.length > 0 && (
          <RecordTable
            rows={connections.data}
            rowKey={(c) => String(c.id)}
            selectedKey={current === null ? null : String(current.id)}
            testId="ftp-connection-table"
            columns={[
              { header: M.name, cell: (c) => c.name, strong: true },
              { header: M.protocol, cell: (c) => FTP_PROTOCOL_LABELS[c.protocol], nowrap: true },
              { header: M.host, cell: (c) => `${c.host}:${String(c.port)}`, nowrap: true },
              { header: M.username, cell: (c) => c.username },
              {
                header: M.password,
                cell: (c) =>
                  c.authMethod === 'password'
                    ? c.passwordSet
                      ? M.secretSet
                      : M.secretNotSet
                    : `${M.privateKey}: ${c.privateKeySet ? M.secretSet : M.secretNotSet}`,
              },
              {
                header: M.hostKey,
                // A fingerprint is one long word: it breaks anywhere rather than widen the table.
                cell: (c) => <span style={{ overflowWrap: 'anywhere' }}>{hostKeyText(c)}</span>,
              },
              { header: M.schedule, cell: (c) => c.scheduleTime ?? M.noSchedule, nowrap: true },
            ]}
            actions={(c) => [
              { label: M.test, onClick: () => runTest(c), tone: 'primary', hidden: !canOperate },
              { label: M.rules, onClick: () => setSelected(c.id) },
              {
                label: M.resetHostKey,
                onClick: () =>
                  reset.mutate(c.id, {
                    onSuccess: () => toastStore.show('success', M.hostKeyReset),
                  }),
                hidden: !isAdmin || c.hostKeyFingerprint === null,
              },
              { label: M.edit, onClick: () => setEditing(c), hidden: !isAdmin },
              { label: M.delete, onClick: () => setDeleting(c), tone: 'danger', hidden: !isAdmin },
            ]}
          />
        )}
      </Paper>
      {current?.lastScheduledFailure != null && (
        <Alert color="red" data-testid="ftp-scheduled-failure">
          {M.scheduledFailure(
            formatDateTime(current.lastScheduledFailure.at),
            current.lastScheduledFailure.message,
          )}
        </Alert>
      )}
      {current !== null && (
        <RulesPanel key={current.id} connection={current} canWrite={canOperate} />
      )}
      {editing !== null && (
        <ConnectionForm
          connection={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => setSelected(saved.id)}
        />
      )}
      <TestResultModal
        name={tested?.name ?? ''}
        result={tested?.result ?? null}
        onClose={() => setTested(null)}
      />
      <DeleteDialog
        target={deleting}
        label={(c) => c.name}
        argument={(c) => c.id}
        remove={remove}
        messages={M}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
