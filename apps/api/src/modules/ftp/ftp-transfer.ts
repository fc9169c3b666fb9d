import type { FtpConnectionRow } from '@fonrisk/db';
import type { TokenClaims } from '@fonrisk/contracts';
import type { AuditActor } from '../audit/audit.repository.ts';
import type { FtpContext } from './ftp-context.ts';
import { classifyRemoteError } from './ftp.errors.ts';
import { pinHostKey } from './ftp.repository.ts';
import { openRemoteSession, type RemoteSession, type RemoteSettings } from './remote-client.ts';

/** Who started a transfer: a signed-in user, or the scheduler (cron in Europe/Istanbul). */
export type TransferTrigger =
  { readonly kind: 'user'; readonly user: TokenClaims } | { readonly kind: 'schedule' };
export const SCHEDULER_NAME = 'Zamanlayıcı';

/** The session of a pull or push: opened on first use, dropped after a failure. */
export interface SessionRef {
  current: RemoteSession | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The audit actor of a transfer: the user, or none for the scheduler. */
export function actorOf(trigger: TransferTrigger): AuditActor | null {
  return trigger.kind === 'user'
    ? { userId: trigger.user.userId, username: trigger.user.fullName }
    : null;
}

export function triggerColumns(trigger: TransferTrigger) {
  return trigger.kind === 'user'
    ? {
        trigger: 'user',
        actorUserId: trigger.user.userId,
        actorName: trigger.user.fullName,
      }
    : { trigger: 'schedule', actorUserId: null, actorName: SCHEDULER_NAME };
}

/**
 * Runs `step` with a session, retrying network failures with exponential backoff; a
 * failure drops the session so that the next attempt reconnects.
 */
export async function withRetries<T>(
  ctx: FtpContext,
  row: FtpConnectionRow,
  session: SessionRef,
  settings: RemoteSettings,
  step: (session: RemoteSession) => Promise<T>,
): Promise<{ value: T; attempts: number }> {
  for (let attempt = 1; ; attempt++) {
    try {
      session.current ??= await connect(ctx, row, settings);
      return { value: await step(session.current), attempts: attempt };
    } catch (error) {
      const failure = classifyRemoteError(error, settings);
      await session.current?.close();
      session.current = null;
      if (!failure.retryable || attempt > row.retries) {
        throw Object.assign(failure, { attempts: attempt });
      }
      ctx.log(
        `FTP ${row.name}: ${attempt}. deneme başarısız (${failure.reason}), yeniden denenecek`,
      );
      await sleep(ctx.retryBaseMs * 2 ** (attempt - 1));
    }
  }
}

/** Opens a session and pins the SFTP host key on first use. */
async function connect(ctx: FtpContext, row: FtpConnectionRow, settings: RemoteSettings) {
  const session = await openRemoteSession(settings);
  if (settings.pinnedHostKey === null && session.hostKeyFingerprint !== null) {
    await pinHostKey(ctx.db, row.id, session.hostKeyFingerprint);
  }
  return session;
}

/** How many attempts a failure of `withRetries` took (1 for any other error). */
export const attemptsOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'attempts' in error ? Number(error.attempts) : 1;
