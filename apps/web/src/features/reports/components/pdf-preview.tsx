import { useEffect, useState } from 'react';
import { Center, Loader, Paper, Text } from '@mantine/core';
import { REPORT_MESSAGES as M } from '../messages.ts';

/** An object URL for the blob while it is shown (revoked when it changes or the view goes). */
function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (blob === null) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

/** A PDF the API rendered (template or branding preview), shown in the page with the browser's viewer. */
export function PdfPreview({
  blob,
  pending,
  failed,
  title,
  hint = M.previewHint,
  height = 720,
}: {
  readonly blob: Blob | null;
  readonly pending: boolean;
  readonly failed: boolean;
  readonly title: string;
  /** What the empty frame says before the first preview. */
  readonly hint?: string;
  readonly height?: number;
}) {
  const url = useObjectUrl(blob);
  return (
    <Paper withBorder radius="md" p={4} h={height} data-testid="pdf-preview">
      {pending ? (
        <Center h="100%">
          <Loader size="sm" aria-label={M.previewLoading} />
        </Center>
      ) : url !== null ? (
        <iframe
          src={url}
          title={title}
          style={{ width: '100%', height: '100%', border: 0 }}
          data-testid="pdf-preview-frame"
        />
      ) : (
        <Center h="100%">
          <Text c="dimmed" size="sm">
            {failed ? M.previewFailed : hint}
          </Text>
        </Center>
      )}
    </Paper>
  );
}
