import { useQuery } from '@tanstack/react-query';
import { FtpTransferSchema, type FtpTransfer } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { ftpKey } from './get-connections.ts';

/** GET ftp/transfers?connectionId=: the transfer log, newest first. */
export async function getTransfers(connectionId: number | null): Promise<FtpTransfer[]> {
  return FtpTransferSchema.array().parse(
    await api.get<unknown>('ftp/transfers', connectionId === null ? {} : { connectionId }),
  );
}

export function useTransfers(connectionId: number | null) {
  return useQuery({
    queryKey: [...ftpKey, 'transfers', connectionId],
    queryFn: () => getTransfers(connectionId),
    // Scheduled pulls land while the screen is open.
    refetchInterval: 30_000,
  });
}
