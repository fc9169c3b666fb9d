import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReportFormat } from '@fonrisk/contracts';
import { toastStore } from '../../../lib/toast.ts';
import { useDownloadWithReportKey } from '../api/download-with-report-key.ts';
import { REPORT_MESSAGES as M } from '../messages.ts';
import { reportKeyFromHash } from './report-key-link.ts';

function useHashKey(): string | null {
  const [key, setKey] = useState(() => reportKeyFromHash(window.location.hash));
  useEffect(() => {
    const onChange = (): void => setKey(reportKeyFromHash(window.location.hash));
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return key;
}

/**
 * A shared report link (`/#report-key=<key>`) opened with or without a session: the PDF is
 * downloaded at once by a POST with the `Report-Key` header, the Excel on request; a refused key
 * toasts the server's raw body (product-spec.md) and is said here too. Renders nothing otherwise.
 */
export function ReportKeyDownload() {
  const key = useHashKey();
  const download = useDownloadWithReportKey();
  // The key whose PDF was already fetched (effects may run twice; the file must not come twice).
  const started = useRef<string | null>(null);
  const { mutate } = download;
  const fetchFile = (format: ReportFormat): void => {
    if (key === null) return;
    download.mutate(
      { key, format },
      { onSuccess: (file) => toastStore.show('success', M.keyDownloaded(file.fileName)) },
    );
  };
  useEffect(() => {
    if (key === null || started.current === key) return;
    started.current = key;
    mutate(
      { key, format: 'pdf' },
      { onSuccess: (file) => toastStore.show('success', M.keyDownloaded(file.fileName)) },
    );
  }, [key, mutate]);
  if (key === null) return null;
  return (
    <Paper withBorder radius="md" p="md" mb="md" data-testid="report-key-download">
      <Stack gap="sm">
        <Title order={3}>{M.keyDownloadTitle}</Title>
        <Text size="sm">{M.keyDownloadText}</Text>
        {download.isError && (
          <Alert color="red" role="alert">
            {M.keyDownloadFailed}
          </Alert>
        )}
        <Group gap="sm">
          <Button
            color="red"
            variant="light"
            loading={download.isPending && download.variables.format === 'pdf'}
            onClick={() => fetchFile('pdf')}
          >
            {M.downloadPdf}
          </Button>
          <Button
            color="green"
            variant="light"
            loading={download.isPending && download.variables.format === 'xlsx'}
            onClick={() => fetchFile('xlsx')}
          >
            {M.downloadXlsx}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
