import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FtpTestResultSchema, type FtpTestResult } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { ftpKey } from './get-connections.ts';

/** POST ftp/connections/{id}/test: what worked, or in Turkish what failed. */
export async function testConnection(id: number): Promise<FtpTestResult> {
  return FtpTestResultSchema.parse(
    await api.post<unknown>(`ftp/connections/${String(id)}/test`, {}),
  );
}

export function useTestConnection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: testConnection,
    // A first SFTP test pins the host key: the list shows it.
    onSuccess: () => client.invalidateQueries({ queryKey: ftpKey }),
  });
}
