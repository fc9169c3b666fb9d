import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REPORT_PATHS } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { apiPath, pdfSettingsKey } from './report-cache.ts';

/** PUT pdf-settings/logo (multipart, field `file`): a PNG or SVG; the API sniffs and size-checks it. */
export async function uploadLogo(file: File): Promise<void> {
  const form = new FormData();
  form.append('file', file, file.name);
  await api.putForm<unknown>(apiPath(REPORT_PATHS.pdfSettingsLogo), form);
}

export function useUploadLogo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadLogo,
    onSuccess: () => client.invalidateQueries({ queryKey: pdfSettingsKey }),
  });
}
