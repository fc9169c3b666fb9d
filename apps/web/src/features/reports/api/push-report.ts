import { useMutation } from '@tanstack/react-query';
import { FtpTransferSchema, REPORT_PATHS, type FtpTransfer } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { apiPath } from './report-cache.ts';

/** POST reports/{id}/push: the report's PDF and Excel sent to an FTP connection's outbound folder. */
export async function pushReport(input: {
  readonly id: number;
  readonly connectionId: number;
}): Promise<FtpTransfer[]> {
  return FtpTransferSchema.array().parse(
    await api.post<unknown>(apiPath(REPORT_PATHS.push, { id: input.id }), {
      connectionId: input.connectionId,
    }),
  );
}

export function usePushReport() {
  return useMutation({ mutationFn: pushReport });
}
