import { useQuery } from '@tanstack/react-query';
import { FtpConnectionSchema, type FtpConnection } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET ftp/connections: where a scheduled report may be pushed (names only are shown here). */
export async function getFtpConnections(): Promise<FtpConnection[]> {
  return FtpConnectionSchema.array().parse(await api.get<unknown>('ftp/connections'));
}

export function useFtpConnections() {
  return useQuery({ queryKey: ['ftp', 'connections'], queryFn: getFtpConnections });
}
