import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import type { Report } from '@fonrisk/contracts';
import { toastStore } from '../../../lib/toast.ts';
import { useFtpConnections } from '../api/get-ftp-connections.ts';
import { usePushReport } from '../api/push-report.ts';
import { REPORT_MESSAGES as M } from '../messages.ts';

/**
 * my-reports' "FTP'ye gönder": the ready report's PDF and Excel go to the outbound folder of a
 * chosen file-delivery connection (issue 16); the transfer log of ftp-uploader records both.
 */
export function PushDialog({ report, onClose }: { report: Report; onClose: () => void }) {
  const connections = useFtpConnections();
  const push = usePushReport();
  const [connectionId, setConnectionId] = useState<string | null>(null);
  const options = (connections.data ?? []).map((c) => ({
    value: String(c.id),
    label: `${c.name} (${c.outboundDir})`,
  }));
  return (
    <Modal opened onClose={onClose} title={M.pushTitle(report.title)} centered>
      <Stack>
        <Text size="sm">{M.pushHint}</Text>
        {connections.isSuccess && options.length === 0 && (
          <Alert color="yellow">{M.pushNoConnections}</Alert>
        )}
        <Select
          label={M.pushConnection}
          placeholder={M.pushConnectionPlaceholder}
          data={options}
          value={connectionId}
          onChange={setConnectionId}
          disabled={!connections.isSuccess}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {M.cancel}
          </Button>
          <Button
            loading={push.isPending}
            disabled={connectionId === null}
            onClick={() => {
              if (connectionId === null) return;
              push.mutate(
                { id: report.id, connectionId: Number(connectionId) },
                {
                  onSuccess: (transfers) => {
                    toastStore.show(
                      'info',
                      M.pushed(transfers.flatMap((t) => t.remotePath ?? t.fileName ?? [])),
                    );
                    onClose();
                  },
                },
              );
            }}
          >
            {M.pushSend}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
