import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REPORT_PATHS } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { apiPath, pdfSettingsKey } from './report-cache.ts';

/** DELETE pdf-settings/logo: reports print the company name alone. */
export async function deleteLogo(): Promise<void> {
  await api.delete(apiPath(REPORT_PATHS.pdfSettingsLogo));
}

export function useDeleteLogo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteLogo,
    onSuccess: () => client.invalidateQueries({ queryKey: pdfSettingsKey }),
  });
}
