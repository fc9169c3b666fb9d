import { useMutation } from '@tanstack/react-query';
import { REPORT_PATHS, type ReportFormat } from '@fonrisk/contracts';
import { api, type DownloadedFile } from '../../../lib/api-client.ts';
import { apiPath } from './report-cache.ts';

/** GET reports/{id}/pdf or /xlsx: the browser downloads the file under its own name. */
export async function downloadReportFile({
  id,
  format,
}: {
  id: number;
  format: ReportFormat;
}): Promise<DownloadedFile> {
  return api.getFile(apiPath(format === 'pdf' ? REPORT_PATHS.pdf : REPORT_PATHS.xlsx, { id }));
}

export function useDownloadReportFile() {
  return useMutation({ mutationFn: downloadReportFile });
}
