import { useMutation } from '@tanstack/react-query';
import { REPORT_PATHS, type ReportFormat } from '@fonrisk/contracts';
import { api, type DownloadedFile } from '../../../lib/api-client.ts';
import { apiPath } from './report-cache.ts';

/**
 * POST reports/download with the `Report-Key` header, no session needed: the shared report's
 * file. A refusal (wrong, expired or revoked key) toasts the server's raw body (product-spec.md).
 */
export async function downloadWithReportKey({
  key,
  format,
}: {
  key: string;
  format: ReportFormat;
}): Promise<DownloadedFile> {
  return api.downloadWithReportKey(apiPath(REPORT_PATHS.download), key, { format });
}

export function useDownloadWithReportKey() {
  return useMutation({ mutationFn: downloadWithReportKey });
}
