import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  AuditListResponseSchema,
  type AuditListQuery,
  type AuditListResponse,
} from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET audit-log: one page of the trail, newest first (Admin and Super Admin). */
export async function getAuditLog(query: AuditListQuery): Promise<AuditListResponse> {
  return AuditListResponseSchema.parse(await api.get<unknown>('audit-log', { ...query }));
}

export function useAuditLog(query: AuditListQuery) {
  return useQuery({
    queryKey: ['audit-log', query],
    queryFn: () => getAuditLog(query),
    placeholderData: keepPreviousData,
  });
}
