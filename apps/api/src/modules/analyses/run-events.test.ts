import { get, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Run, RunSummary } from '@fonrisk/contracts';
import { analysisRuns, connectDatabase, eq, type DatabaseHandle } from '@fonrisk/db';
import { buildServer } from '../../http/server.ts';
import { createAccessTokens } from '../auth/access-token.ts';
import {
  createTestApi,
  TEST_JWT_SECRET,
  TEST_SECRETS_KEY,
  type TestApi,
} from '../../testing/test-api.ts';
import { seedHoldings } from '../../testing/run-fixtures.ts';

interface Stream {
  readonly status: number;
  /** The response's Content-Encoding (none: each event readable the moment it is written). */
  readonly encoding: string | undefined;
  readonly events: RunSummary[];
  readonly comments: string[];
  waitFor(predicate: (run: RunSummary) => boolean, timeoutMs?: number): Promise<RunSummary>;
  close(): void;
}

/** A minimal EventSource: parses `event:`/`data:` blocks and comment lines of an SSE response. */
function openStream(
  port: number,
  path: string,
  headers: Record<string, string> = {},
): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const request = get({ host: '127.0.0.1', port, path, headers }, (response: IncomingMessage) => {
      const events: RunSummary[] = [];
      const comments: string[] = [];
      const waiters: Array<() => void> = [];
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split('\n');
          for (const line of lines) if (line.startsWith(':')) comments.push(line.slice(1).trim());
          const data = lines.find((l) => l.startsWith('data: '));
          if (lines.includes('event: run') && data)
            events.push(JSON.parse(data.slice(6)) as RunSummary);
          for (const w of waiters) w();
        }
      });
      resolve({
        status: response.statusCode ?? 0,
        encoding: response.headers['content-encoding'],
        events,
        comments,
        waitFor(predicate, timeoutMs = 10_000) {
          return new Promise((done, fail) => {
            const check = () => {
              const found = events.find(predicate);
              if (found) {
                clearTimeout(timer);
                done(found);
              }
            };
            const timer = setTimeout(
              () =>
                fail(
                  new Error(
                    `no matching event; got ${JSON.stringify(events.map((e) => [e.id, e.status]))}`,
                  ),
                ),
              timeoutMs,
            );
            waiters.push(check);
            check();
          });
        },
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}

describe('pending-check event streams across two API instances', () => {
  let first: TestApi;
  let secondDb: DatabaseHandle;
  let second: FastifyInstance;
  let secondPort: number;
  let runner: string;
  let observer: string;

  beforeAll(async () => {
    first = await createTestApi({ sseHeartbeatMs: 200 });
    for (const code of ['AKIS', 'MODUL'])
      await seedHoldings(first.database.db, code, ['2025-01-02']);
    secondDb = connectDatabase(first.database.url, { max: 3 });
    second = await buildServer({
      db: secondDb.db,
      jwtSecret: TEST_JWT_SECRET,
      secretsKey: TEST_SECRETS_KEY,
      jwtTtlSeconds: 3600,
      login: { maxFailures: 5, windowMinutes: 15 },
      sseHeartbeatMs: 200,
    });
    await second.listen({ host: '127.0.0.1', port: 0 });
    const address = second.server.address();
    secondPort = typeof address === 'object' && address ? address.port : 0;
    runner = (await first.login('hesaplayici')).accessToken;
    observer = (await first.login('gozlemleyici')).accessToken;
  });
  afterAll(async () => {
    await second.close();
    await secondDb.close();
    await first.close();
  });

  it('streams to instance B the runs created, cancelled and progressed through instance A or a worker', async () => {
    // As a browser asks: the API compresses its answers, never this stream (decision 0128).
    const stream = await openStream(
      secondPort,
      `/api/analyses/checkpending?access_token=${observer}`,
      { 'accept-encoding': 'gzip, deflate, br, zstd' },
    );
    try {
      expect(stream.status).toBe(200);
      expect(stream.encoding).toBeUndefined();
      const created = await first.call('POST', '/api/analyses/runs', {
        token: runner,
        body: {
          analysisType: 'leverage',
          inputs: { portfolioCodes: ['AKIS'], asOfDate: '2025-01-02' },
        },
      });
      const run = created.json<Run>();
      const queued = await stream.waitFor((e) => e.id === run.id && e.status === 'queued');
      expect(queued).toMatchObject({
        portfolioCodes: ['AKIS'],
        createdBy: { fullName: 'Elif Kaya' },
      });
      expect(queued, 'events carry summaries, never results').not.toHaveProperty('result');

      // A worker's progress write, straight to the database.
      await first.database.db
        .update(analysisRuns)
        .set({ status: 'running', progress: 0.4, progressMessage: 'Senaryolar hesaplanıyor' })
        .where(eq(analysisRuns.id, run.id));
      await stream.waitFor(
        (e) =>
          e.id === run.id && e.progress === 0.4 && e.progressMessage === 'Senaryolar hesaplanıyor',
      );

      await first.call('POST', `/api/analyses/runs/${run.id}/cancel`, { token: runner });
      await stream.waitFor((e) => e.id === run.id && e.cancelRequested);
    } finally {
      stream.close();
    }
  });

  it('sends a heartbeat comment while nothing changes', async () => {
    const stream = await openStream(secondPort, '/api/analyses/checkpending', {
      authorization: `Bearer ${observer}`,
    });
    try {
      await new Promise((r) => setTimeout(r, 700));
      expect(stream.comments.filter((c) => c === 'heartbeat').length).toBeGreaterThanOrEqual(2);
    } finally {
      stream.close();
    }
  });

  it('refuses a stream without a valid token (401)', async () => {
    const none = await openStream(secondPort, '/api/analyses/checkpending');
    none.close();
    expect(none.status).toBe(401);
    const bad = await openStream(secondPort, '/api/analyses/checkpending?access_token=a.b.c');
    bad.close();
    expect(bad.status).toBe(401);
  });

  it('sends only runs of the user modules, and only analysis-based runs on the analysis-based stream', async () => {
    const noModuleOne = await createAccessTokens(TEST_JWT_SECRET, 3600).sign({
      id: 1,
      role: 'Admin',
      modules: [2],
      fullName: 'X',
      tokenVersion: 0,
    });
    const outsider = await openStream(
      secondPort,
      `/api/analyses/checkpending?access_token=${noModuleOne}`,
    );
    const reports = await openStream(
      secondPort,
      `/api/analyses/checkpending/analysis-based?access_token=${observer}`,
    );
    const everyone = await openStream(
      secondPort,
      `/api/analyses/checkpending?access_token=${observer}`,
    );
    try {
      const plain = (
        await first.call('POST', '/api/analyses/runs', {
          token: runner,
          body: {
            analysisType: 'leverage',
            inputs: { portfolioCodes: ['MODUL'], asOfDate: '2025-01-02' },
          },
        })
      ).json<Run>();
      await first.database.db
        .update(analysisRuns)
        .set({ analysisBased: true, progress: 0.1 })
        .where(eq(analysisRuns.id, plain.id));
      await everyone.waitFor((e) => e.id === plain.id && e.analysisBased);
      const flagged = await reports.waitFor((e) => e.id === plain.id);
      expect(flagged.analysisBased, 'the first event (not analysis-based) was not sent').toBe(true);
      expect(reports.events.every((e) => e.analysisBased)).toBe(true);
      expect(outsider.events).toEqual([]);
    } finally {
      outsider.close();
      reports.close();
      everyone.close();
    }
  });
});
