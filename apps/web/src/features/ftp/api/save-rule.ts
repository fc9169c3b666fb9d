import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FtpFileRuleSchema, type FtpFileRule, type FtpFileRuleRequest } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { ftpKey } from './get-connections.ts';

/** POST ftp/rules (new) or PUT ftp/rules/{id}. */
export async function saveRule({
  id,
  request,
}: {
  id: number | null;
  request: FtpFileRuleRequest;
}): Promise<FtpFileRule> {
  const saved =
    id === null
      ? await api.post<unknown>('ftp/rules', request)
      : await api.put<unknown>(`ftp/rules/${String(id)}`, request);
  return FtpFileRuleSchema.parse(saved);
}

export function useSaveRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveRule,
    onSuccess: () => client.invalidateQueries({ queryKey: [...ftpKey, 'rules'] }),
  });
}
