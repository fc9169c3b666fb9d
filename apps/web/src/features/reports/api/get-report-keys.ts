import { useQuery } from '@tanstack/react-query';
import { REPORT_PATHS, ReportKeySchema, type ReportKey } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { apiPath, reportKeysKey } from './report-cache.ts';

/** GET reports/{id}/keys: the report's share keys (prefix, expiry, revocation; never the secret). */
export async function getReportKeys(id: number): Promise<ReportKey[]> {
  return ReportKeySchema.array().parse(await api.get<unknown>(apiPath(REPORT_PATHS.keys, { id })));
}

export function useReportKeys(id: number) {
  return useQuery({ queryKey: reportKeysKey(id), queryFn: () => getReportKeys(id) });
}
