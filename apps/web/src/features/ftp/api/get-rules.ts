import { useQuery } from '@tanstack/react-query';
import { FtpFileRuleSchema, type FtpFileRule } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { ftpKey } from './get-connections.ts';

/** GET ftp/rules?connectionId= */
export async function getRules(connectionId: number): Promise<FtpFileRule[]> {
  return FtpFileRuleSchema.array().parse(await api.get<unknown>('ftp/rules', { connectionId }));
}

export function useRules(connectionId: number) {
  return useQuery({
    queryKey: [...ftpKey, 'rules', connectionId],
    queryFn: () => getRules(connectionId),
  });
}
