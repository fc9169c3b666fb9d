import { useMutation } from '@tanstack/react-query';
import { AuditRunAllResponseSchema } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

/** POST internal-audit/run-all: the tracked audit of every fund on its latest holdings, queued now. */
export async function runAllAudit(): Promise<string | null> {
  return AuditRunAllResponseSchema.parse(await api.post<unknown>('internal-audit/run-all', {}))
    .runId;
}

export function useRunAllAudit() {
  return useMutation({ mutationFn: runAllAudit });
}
