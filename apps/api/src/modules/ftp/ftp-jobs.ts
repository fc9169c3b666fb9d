import type { FtpPullResponse } from '@fonrisk/contracts';
import { announceJob, createQueueConcurrently, rawSqlExecutor, type Database } from '@fonrisk/db';
import PgBoss from 'pg-boss';
import {
  ConflictError,
  DomainError,
  InvalidInputError,
  NotFoundError,
  PermissionDeniedError,
  ServiceUnavailableError,
} from '../../shared/domain-errors.ts';
import type { FtpService, TransferTrigger } from './ftp.service.ts';

/**
 * "Şimdi çek" as a job (decision 0021): the API only enqueues on `ftp-pull`; the worker process
 * (`npm run worker`, or the one `npm start` runs) takes the job, runs `FtpService.pull` and
 * stores its answer as the job's output, which the waiting request returns. Scheduled pulls
 * (`ftp-pull-<id>` crons, ftp-schedule.ts) are worked by the same worker process.
 */
export const FTP_PULL_QUEUE = 'ftp-pull';

export interface FtpPullJob {
  readonly connectionId: number;
  readonly trigger: TransferTrigger;
}

/** What the worker stores as the job's output: the pull's summary, or the refusal to show. */
export type FtpPullOutcome =
  | { readonly ok: true; readonly result: FtpPullResponse }
  | { readonly ok: false; readonly error: { readonly kind: RefusalKind; readonly detail: string } };

/** The domain errors a pull can refuse with, carried across the queue by name. */
const REFUSALS = {
  'not-found': NotFoundError,
  conflict: ConflictError,
  invalid: InvalidInputError,
  forbidden: PermissionDeniedError,
} as const;
type RefusalKind = keyof typeof REFUSALS;

function refusalKind(error: DomainError): RefusalKind | null {
  for (const [kind, type] of Object.entries(REFUSALS) as [RefusalKind, typeof NotFoundError][]) {
    if (error instanceof type) return kind;
  }
  return null;
}

/** The worker's handler of one `ftp-pull` job: a refusal is an answer, anything else a failure. */
export async function runFtpPullJob(
  ftp: Pick<FtpService, 'pull'>,
  job: FtpPullJob,
): Promise<FtpPullOutcome> {
  try {
    return { ok: true, result: await ftp.pull(job.connectionId, job.trigger) };
  } catch (error) {
    const kind = error instanceof DomainError ? refusalKind(error) : null;
    if (kind && error instanceof DomainError)
      return { ok: false, error: { kind, detail: error.detail } };
    throw error;
  }
}

export const PULL_TIMEOUT_DETAIL =
  'Çekme işi zamanında tamamlanmadı: hesaplama servisi çalışmıyor olabilir. Sonucu aktarım günlüğünden izleyin.';
export const PULL_FAILED_DETAIL =
  'Çekme işi beklenmeyen bir hatayla durdu. Ayrıntılar sunucu günlüğündedir; lütfen tekrar deneyin.';

/** The API's side of `ftp-pull`: send the job, wait for the worker's answer. */
export interface FtpPullQueue {
  pull(connectionId: number, trigger: TransferTrigger): Promise<FtpPullResponse>;
  close(): Promise<void>;
}

export interface FtpPullQueueOptions {
  /** How long a request waits for the worker (10 minutes: retries and large files included). */
  readonly timeoutMs?: number;
  /** How often the job's state is read while waiting. */
  readonly pollMs?: number;
  readonly onError?: (error: Error) => void;
}

/** Jobs are not retried by pg-boss: the pull has its own network retries (decision 0028). */
const JOB_OPTIONS = { retryLimit: 0, expireInSeconds: 60 * 60 } as const;

export function createFtpPullQueue(db: Database, options: FtpPullQueueOptions = {}): FtpPullQueue {
  let started: Promise<PgBoss> | null = null;
  const boss = () => {
    started ??= (async () => {
      const instance = new PgBoss({
        db: rawSqlExecutor(db),
        schema: 'pgboss',
        supervise: false,
        schedule: false,
      });
      instance.on('error', options.onError ?? (() => undefined));
      await instance.start();
      await createQueueConcurrently(instance, FTP_PULL_QUEUE, {
        name: FTP_PULL_QUEUE,
        retryLimit: 0,
      });
      return instance;
    })().catch((error: unknown) => {
      started = null;
      throw error;
    });
    return started;
  };
  const timeoutMs = options.timeoutMs ?? 10 * 60_000;
  const pollMs = options.pollMs ?? 200;
  return {
    async pull(connectionId, trigger) {
      const queue = await boss();
      const data: FtpPullJob = { connectionId, trigger };
      const id = await queue.send(FTP_PULL_QUEUE, data, JOB_OPTIONS);
      if (id === null) throw new ServiceUnavailableError(PULL_FAILED_DETAIL);
      await announceJob(db, FTP_PULL_QUEUE);
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const job = await queue.getJobById<FtpPullJob>(FTP_PULL_QUEUE, id);
        if (job?.state === 'completed') {
          const outcome = job.output as FtpPullOutcome;
          if (outcome.ok) return outcome.result;
          throw new REFUSALS[outcome.error.kind](outcome.error.detail);
        }
        if (job === null || job.state === 'failed' || job.state === 'cancelled')
          throw new ServiceUnavailableError(PULL_FAILED_DETAIL);
        if (Date.now() > deadline) {
          // Not taken yet: withdraw it so that it does not run later unasked.
          if (job.state === 'created')
            await queue.cancel(FTP_PULL_QUEUE, id).catch(() => undefined);
          throw new ServiceUnavailableError(PULL_TIMEOUT_DETAIL);
        }
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
    },
    async close() {
      if (!started) return;
      const instance = await started.catch(() => null);
      await instance?.stop({ graceful: false, close: false, wait: true });
    },
  };
}
