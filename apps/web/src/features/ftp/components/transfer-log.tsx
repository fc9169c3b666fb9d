import { useState } from 'react';
import { Badge, Modal, Paper, Table, Text, Title } from '@mantine/core';
import {
  FTP_TRANSFER_RESULT_LABELS,
  IMPORT_KIND_LABELS,
  type FtpTransfer,
  type FtpTransferResult,
} from '@fonrisk/contracts';
import { RecordTable } from '../../../components/ui/record-table.tsx';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { downloadTransferFile } from '../api/download-transfer-file.ts';
import { useTransfers } from '../api/get-transfers.ts';
import { FTP_MESSAGES as M } from '../messages.ts';

const RESULT_COLORS: Readonly<Record<FtpTransferResult, string>> = {
  imported: 'green',
  pushed: 'green',
  skipped: 'gray',
  rejected: 'orange',
  failed: 'red',
};

function sizeText(bytes: number | null): string {
  if (bytes === null) return '–';
  if (bytes < 1024) return `${String(bytes)} B`;
  if (bytes < 1024 * 1024) return `${formatNumber(bytes / 1024, 1)} KB`;
  return `${formatNumber(bytes / 1024 / 1024, 1)} MB`;
}

/** The transfer log: pulls, skips, rejections, failures and pushes, newest first. */
export function TransferLog({ connectionId }: { connectionId: number | null }) {
  const transfers = useTransfers(connectionId);
  const [showing, setShowing] = useState<FtpTransfer | null>(null);
  return (
    <Paper withBorder p="sm" radius="md">
      <Title order={4} mb={4}>
        {M.logTitle}
      </Title>
      {transfers.data?.length === 0 && <Text c="dimmed">{M.emptyLog}</Text>}
      {transfers.data !== undefined && transfers.data.length > 0 && (
        <RecordTable
          rows={transfers.data}
          rowKey={(t) => String(t.id)}
          testId="ftp-transfer-table"
          columns={[
            { header: M.when, cell: (t) => formatDateTime(t.startedAt), nowrap: true },
            { header: M.connection, cell: (t) => t.connectionName, nowrap: true },
            { header: M.direction, cell: (t) => (t.direction === 'pull' ? M.pull : M.push) },
            {
              header: M.file,
              cell: (t) =>
                t.fileName === null
                  ? (t.remotePath ?? '–')
                  : `${t.fileName}${t.kind === null ? '' : ` (${IMPORT_KIND_LABELS[t.kind]})`}`,
              strong: true,
            },
            { header: M.size, cell: (t) => sizeText(t.size), nowrap: true },
            {
              header: M.checksum,
              cell: (t) =>
                t.checksum === null ? (
                  '–'
                ) : (
                  <span title={t.checksum}>{t.checksum.slice(0, 12)}…</span>
                ),
            },
            {
              header: M.result,
              cell: (t) => (
                <Badge color={RESULT_COLORS[t.result]} variant="light">
                  {FTP_TRANSFER_RESULT_LABELS[t.result]}
                </Badge>
              ),
              nowrap: true,
            },
            {
              header: M.rows,
              cell: (t) => (t.rowsImported === null ? '–' : String(t.rowsImported)),
            },
            {
              header: M.duration,
              cell: (t) => `${formatNumber(t.durationMs / 1000, 1)} sn`,
              nowrap: true,
            },
            { header: M.attempts, cell: (t) => String(t.attempts) },
            { header: M.by, cell: (t) => t.actorName ?? '–' },
            { header: M.detail, cell: (t) => t.message ?? '' },
          ]}
          actions={(t) => [
            {
              label: M.showErrors,
              onClick: () => setShowing(t),
              tone: 'primary',
              hidden: t.errors === null || t.errors.length === 0,
            },
            {
              label: M.downloadFile,
              onClick: () => void downloadTransferFile(t.id),
              hidden: !t.fileKept,
            },
          ]}
        />
      )}
      <Modal
        opened={showing !== null}
        onClose={() => setShowing(null)}
        title={M.errorsTitle(showing?.fileName ?? '')}
        size="xl"
      >
        {showing !== null && (
          <>
            <Text size="sm" mb="xs">
              {showing.message}
            </Text>
            <Table striped withTableBorder data-testid="ftp-transfer-errors">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{M.row}</Table.Th>
                  <Table.Th>{M.field}</Table.Th>
                  <Table.Th>{M.value}</Table.Th>
                  <Table.Th>{M.message}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(showing.errors ?? []).map((e, i) => (
                  <Table.Tr key={i}>
                    <Table.Td>{e.row ?? '–'}</Table.Td>
                    <Table.Td>{e.field}</Table.Td>
                    <Table.Td>{e.value ?? ''}</Table.Td>
                    <Table.Td>{e.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        )}
      </Modal>
    </Paper>
  );
}
