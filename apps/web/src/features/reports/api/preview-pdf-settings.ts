import { useMutation } from '@tanstack/react-query';
import { REPORT_PATHS, type PdfSettingsInput } from '@fonrisk/contracts';
import { api, type DownloadedFile } from '../../../lib/api-client.ts';
import { apiPath } from './report-cache.ts';

/** POST pdf-settings/preview: one page with these settings (saved or not) and the stored logo. */
export async function previewPdfSettings(request: PdfSettingsInput): Promise<DownloadedFile> {
  return api.postReport(apiPath(REPORT_PATHS.pdfSettingsPreview), request);
}

export function usePreviewPdfSettings() {
  return useMutation({ mutationFn: previewPdfSettings });
}
