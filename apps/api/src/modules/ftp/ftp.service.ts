import type { Database } from '@fonrisk/db';
import { testConnection } from './ftp-connection-test.ts';
import { createConnectionService } from './ftp-connections.ts';
import { ftpContext, type FtpServiceOptions } from './ftp-context.ts';
import { pull } from './ftp-pull.ts';
import { pushFile, type PushSource } from './ftp-push.ts';
import { createRuleService } from './ftp-rules.ts';
import type { TransferTrigger } from './ftp-transfer.ts';
import { TransferFileNotFoundError } from './ftp.errors.ts';
import { findTransferFile, listTransfers } from './ftp.repository.ts';

export type { TransferTrigger } from './ftp-transfer.ts';

export type FtpService = ReturnType<typeof createFtpService>;

/**
 * The FTP/SFTP service of the routes, the scheduler and the report delivery: connections
 * (ftp-connections.ts, checked by ftp-connection-test.ts), file rules (ftp-rules.ts), pulls into
 * the imports (ftp-pull.ts), pushes (ftp-push.ts) and the transfer log.
 */
export function createFtpService(db: Database, options: FtpServiceOptions) {
  const ctx = ftpContext(db, options);
  return {
    ...createConnectionService(ctx),
    /** "Bağlantıyı sına": connect, log in, read the inbound and outbound folders. */
    testConnection: (id: number) => testConnection(ctx, id),
    ...createRuleService(ctx),
    pull: (id: number, trigger: TransferTrigger) => pull(ctx, id, trigger),
    pushFile: (connectionId: number, source: PushSource, trigger: TransferTrigger) =>
      pushFile(ctx, connectionId, source, trigger),

    listTransfers(filter: { connectionId?: number | undefined; limit: number }) {
      return listTransfers(db, filter);
    },

    async transferFile(id: number): Promise<{ fileName: string; content: Buffer }> {
      const file = await findTransferFile(db, id);
      if (!file) throw new TransferFileNotFoundError(id);
      return file;
    },
  };
}
