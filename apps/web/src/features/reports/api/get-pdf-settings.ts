import { queryOptions, useQuery } from '@tanstack/react-query';
import { PdfSettingsSchema, REPORT_PATHS, type PdfSettings } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { apiPath, pdfSettingsKey } from './report-cache.ts';

/** GET pdf-settings: the company's branding of generated PDFs (defaults until first saved). */
export async function getPdfSettings(): Promise<PdfSettings> {
  return PdfSettingsSchema.parse(await api.get<unknown>(apiPath(REPORT_PATHS.pdfSettings)));
}

export const pdfSettingsQuery = queryOptions({ queryKey: pdfSettingsKey, queryFn: getPdfSettings });

export function usePdfSettings() {
  return useQuery(pdfSettingsQuery);
}
