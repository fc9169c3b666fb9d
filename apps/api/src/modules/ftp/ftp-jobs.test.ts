import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@fonrisk/db/testing';
import { sql } from '@fonrisk/db';
import { NotFoundError } from '../../shared/domain-errors.ts';
import { PullInProgressError } from './ftp.errors.ts';
import {
  createFtpPullQueue,
  FTP_PULL_QUEUE,
  PULL_TIMEOUT_DETAIL,
  runFtpPullJob,
} from './ftp-jobs.ts';
import { startFtpScheduler, type FtpScheduler } from './ftp-schedule.ts';

const SUMMARY = { transfers: [], message: 'Kurallara uyan dosya bulunamadı.' };

describe('ftp pulls through the job queue (decision 0021)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('the worker handler turns refusals into answers and lets other failures fail the job', async () => {
    const trigger = { kind: 'schedule' } as const;
    await expect(
      runFtpPullJob({ pull: () => Promise.resolve(SUMMARY) }, { connectionId: 1, trigger }),
    ).resolves.toEqual({ ok: true, result: SUMMARY });
    await expect(
      runFtpPullJob(
        { pull: () => Promise.reject(new PullInProgressError('Saklayıcı')) },
        { connectionId: 1, trigger },
      ),
    ).resolves.toEqual({
      ok: false,
      error: {
        kind: 'conflict',
        detail: "'Saklayıcı' bağlantısından şu anda zaten dosya çekiliyor. Bitmesini bekleyin.",
      },
    });
    await expect(
      runFtpPullJob(
        { pull: () => Promise.reject(new Error('boom')) },
        { connectionId: 1, trigger },
      ),
    ).rejects.toThrow('boom');
  });

  it('the API only enqueues: without a worker the request ends with a Turkish 503 and withdraws the job', async () => {
    const queue = createFtpPullQueue(database.db, { timeoutMs: 600, pollMs: 50 });
    try {
      const failure = queue.pull(5, { kind: 'schedule' });
      await expect(failure).rejects.toThrow(PULL_TIMEOUT_DETAIL);
      const { rows } = await database.db.execute<{ state: string }>(
        sql`SELECT state::text AS state FROM pgboss.job WHERE name = ${FTP_PULL_QUEUE}`,
      );
      expect(rows.map((r) => r.state)).toEqual(['cancelled']);
    } finally {
      await queue.close();
    }
  });

  it('a worker takes the job and the request gets its answer or its refusal', async () => {
    const calls: number[] = [];
    let worker: FtpScheduler | null = null;
    const queue = createFtpPullQueue(database.db, { pollMs: 50 });
    try {
      worker = await startFtpScheduler(
        database.db,
        {
          scheduledConnections: () => Promise.resolve([]),
          pull: (id) => {
            calls.push(id);
            return id === 404
              ? Promise.reject(new NotFoundError('Bağlantı bulunamadı.'))
              : Promise.resolve(SUMMARY);
          },
        },
        { log: () => undefined, onDemandPollingSeconds: 0.5 },
      );
      await expect(queue.pull(7, { kind: 'schedule' })).resolves.toEqual(SUMMARY);
      const refused = queue.pull(404, { kind: 'schedule' });
      await expect(refused).rejects.toBeInstanceOf(NotFoundError);
      await expect(refused).rejects.toThrow('Bağlantı bulunamadı.');
      expect(calls).toEqual([7, 404]);
    } finally {
      await worker?.stop();
      await queue.close();
    }
  });
});
