import { queryOptions, useQuery } from '@tanstack/react-query';
import { FtpConnectionSchema, type FtpConnection } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

export const ftpKey = ['ftp'] as const;

/** GET ftp/connections: secrets only as set / not set. */
export async function getConnections(): Promise<FtpConnection[]> {
  return FtpConnectionSchema.array().parse(await api.get<unknown>('ftp/connections'));
}

export const connectionsQuery = queryOptions({
  queryKey: [...ftpKey, 'connections'],
  queryFn: getConnections,
});

export function useConnections() {
  return useQuery(connectionsQuery);
}
