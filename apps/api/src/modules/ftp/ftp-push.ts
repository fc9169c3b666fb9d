import { randomUUID } from 'node:crypto';
import { posix } from 'node:path';
import type { Readable } from 'node:stream';
import { FtpTransferResult, remoteFileNameProblem, type FtpTransfer } from '@fonrisk/contracts';
import { InvalidInputError } from '../../shared/domain-errors.ts';
import type { FtpContext } from './ftp-context.ts';
import { requireUsableConnection, settingsOf } from './ftp-connection-rows.ts';
import { hashingPassThrough } from './ftp-hashing.ts';
import {
  attemptsOf,
  triggerColumns,
  withRetries,
  type SessionRef,
  type TransferTrigger,
} from './ftp-transfer.ts';
import { RemoteTransferError, classifyRemoteError } from './ftp.errors.ts';
import { insertTransfer } from './ftp.repository.ts';
import { remotePath, remoteStep } from './remote-client.ts';

/** A file to push: `open` is called once per attempt, so a retry sends it whole again. */
export interface PushSource {
  readonly fileName: string;
  readonly open: () => Readable;
}

/** The name part of a browser's file name; a name with control characters is refused. */
function safeFileName(name: string): string {
  const base = posix.basename(name.replaceAll('\\', '/')).trim();
  const problem = remoteFileNameProblem(base);
  if (problem !== null) {
    throw new InvalidInputError('Dosya adı geçersiz.', [{ field: 'file', message: problem }]);
  }
  return base;
}

/**
 * Sends one file to the connection's outbound folder (reports, the uploader's manual
 * mode). Network failures are retried with backoff; the transfer is logged either way.
 */
export async function pushFile(
  ctx: FtpContext,
  connectionId: number,
  source: PushSource,
  trigger: TransferTrigger,
): Promise<FtpTransfer> {
  const { db } = ctx;
  const row = await requireUsableConnection(ctx, connectionId);
  const fileName = safeFileName(source.fileName);
  const settings = settingsOf(ctx, row);
  const session: SessionRef = { current: null };
  const path = remotePath(row.outboundDir, fileName);
  const started = Date.now();
  const entry = {
    batchId: randomUUID(),
    connectionId: row.id,
    connectionName: row.name,
    direction: 'push',
    fileName,
    remotePath: path,
    ...triggerColumns(trigger),
  };
  try {
    const sent = await withRetries(ctx, row, session, settings, async (s) => {
      const counter = hashingPassThrough();
      const input = source.open();
      input.on('error', (error) => counter.stream.destroy(error));
      input.pipe(counter.stream);
      try {
        await remoteStep(settings, path, () => s.upload(counter.stream, path));
      } finally {
        input.destroy();
      }
      return counter.result();
    });
    const transfer = await insertTransfer(db, {
      ...entry,
      ...sent.value,
      attempts: sent.attempts,
      result: FtpTransferResult.Pushed,
      durationMs: Date.now() - started,
      message: `'${row.outboundDir}' klasörüne gönderildi.`,
    });
    return transfer;
  } catch (error) {
    const failure = classifyRemoteError(error, { ...settings, path });
    await insertTransfer(db, {
      ...entry,
      attempts: attemptsOf(error),
      result: FtpTransferResult.Failed,
      durationMs: Date.now() - started,
      message: `Gönderilemedi. ${failure.message}`,
    });
    throw new RemoteTransferError(failure);
  } finally {
    await session.current?.close();
  }
}
