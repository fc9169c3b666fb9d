import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  PdfSettingsSchema,
  REPORT_PATHS,
  type PdfSettings,
  type PdfSettingsInput,
} from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { apiPath, pdfSettingsKey } from './report-cache.ts';

/** PUT pdf-settings. */
export async function savePdfSettings(request: PdfSettingsInput): Promise<PdfSettings> {
  return PdfSettingsSchema.parse(
    await api.put<unknown>(apiPath(REPORT_PATHS.pdfSettings), request),
  );
}

export function useSavePdfSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: savePdfSettings,
    onSuccess: (saved) => client.setQueryData(pdfSettingsKey, saved),
  });
}
