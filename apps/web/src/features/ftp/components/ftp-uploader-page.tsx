import { useState } from 'react';
import {
  Alert,
  Button,
  FileInput,
  Group,
  Paper,
  Progress,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { useCanWrite } from '../../../components/permissions/use-can-write.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { toastStore } from '../../../lib/toast.ts';
import { useConnections } from '../api/get-connections.ts';
import { usePullNow } from '../api/pull-now.ts';
import { useUploadToConnection } from '../api/upload-to-connection.ts';
import { FTP_MESSAGES as M } from '../messages.ts';
import { TransferLog } from './transfer-log.tsx';

/**
 * ftp-uploader: pull now (into the same all-or-nothing imports as the upload screen), send a
 * file from the browser to the outbound folder with progress, and the transfer log.
 */
export function FtpUploaderPage() {
  const connections = useConnections();
  const pull = usePullNow();
  const upload = useUploadToConnection();
  const canWrite = useCanWrite();
  const [selected, setSelected] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [summary, setSummary] = useState<string | null>(null);
  const list = connections.data ?? [];
  const current = list.find((c) => String(c.id) === selected) ?? list[0] ?? null;

  const send = (): void => {
    if (current === null || file === null) return;
    setProgress(0);
    upload.mutate(
      { connectionId: current.id, file, onProgress: setProgress },
      {
        onSuccess: (transfer) => {
          toastStore.show('success', M.uploaded(transfer.fileName ?? file.name));
          setFile(null);
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <Stack gap="md">
      <PageHeader path="ftp-uploader" subtitle={M.uploaderSubtitle} />
      {connections.isError && <Alert color="gray">{M.unavailable}</Alert>}
      {connections.data?.length === 0 && (
        <Alert color="blue" data-testid="ftp-uploader-empty">
          {M.noConnectionsForUploader}
        </Alert>
      )}
      {current !== null && (
        <>
          <Select
            label={M.connection}
            placeholder={M.chooseConnection}
            data={list.map((c) => ({ value: String(c.id), label: `${c.name} (${c.host})` }))}
            value={String(current.id)}
            onChange={(v) => {
              setSelected(v);
              setSummary(null);
            }}
            allowDeselect={false}
            maw={480}
          />
          {current.lastScheduledFailure !== null && (
            <Alert color="red" data-testid="ftp-scheduled-failure">
              {M.scheduledFailure(
                formatDateTime(current.lastScheduledFailure.at),
                current.lastScheduledFailure.message,
              )}
            </Alert>
          )}
          <Group align="stretch" grow>
            <Paper withBorder p="sm" radius="md">
              <Title order={4} mb={4}>
                {M.pullTitle}
              </Title>
              <Text size="sm" c="dimmed" mb="sm">
                {M.pullHelp}
              </Text>
              <Button
                onClick={() => pull.mutate(current.id, { onSuccess: (r) => setSummary(r.message) })}
                loading={pull.isPending}
                disabled={!canWrite}
              >
                {M.pullNow}
              </Button>
              {summary !== null && (
                <Text size="sm" mt="sm" data-testid="ftp-pull-summary">
                  {summary}
                </Text>
              )}
            </Paper>
            <Paper withBorder p="sm" radius="md">
              <Title order={4} mb={4}>
                {M.uploadTitle}
              </Title>
              <Text size="sm" c="dimmed" mb="sm">
                {M.uploadHelp(current.outboundDir)}
              </Text>
              <Group align="flex-end">
                <FileInput
                  label={M.chooseFile}
                  name="file"
                  value={file}
                  onChange={setFile}
                  clearable
                  style={{ flex: 1 }}
                  disabled={!canWrite}
                />
                <Button
                  onClick={send}
                  disabled={!canWrite || file === null}
                  loading={upload.isPending}
                >
                  {M.send}
                </Button>
              </Group>
              {progress !== null && (
                <Stack gap={4} mt="sm">
                  <Progress value={progress} animated aria-label={M.uploading(progress)} />
                  <Text size="xs" c="dimmed">
                    {M.uploading(progress)}
                  </Text>
                </Stack>
              )}
            </Paper>
          </Group>
        </>
      )}
      <TransferLog connectionId={current?.id ?? null} />
    </Stack>
  );
}
