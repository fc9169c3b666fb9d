import { useMutation } from '@tanstack/react-query';
import type { AuditListQuery } from '@fonrisk/contracts';
import { api, type DownloadedFile } from '../../../lib/api-client.ts';

export type AuditFilters = Omit<AuditListQuery, 'limit' | 'offset'>;

/** GET audit-log/export: the filtered trail as .xlsx, downloaded by the browser. */
export async function exportAuditLog(filters: AuditFilters): Promise<DownloadedFile> {
  return api.getFile('audit-log/export', { ...filters });
}

export function useExportAuditLog() {
  return useMutation({ mutationFn: exportAuditLog });
}
