// Decision 0021: the worker process (`npm run worker`'s entry, worker-main.ts) does the FTP pulls
// the API enqueues. A real worker process on the API's database, an SFTP server on a local port:
// "Şimdi çek" through the API imports the file, and the worker's log names the service.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FtpConnection, FtpPullResponse, Report } from '@fonrisk/contracts';
import { eq, marketValues, sql } from '@fonrisk/db';
import { createTestApi, TEST_SECRETS_KEY, type TestApi } from './testing/test-api.ts';
import { seedMasterData } from './modules/data-imports/test-support.ts';
import { insertDoneVarRun, pdfText } from './modules/reports/reports.test-support.ts';
import { startSftpServer, type SftpTestServer } from './modules/ftp/testing/test-servers.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const WORKER_MAIN = fileURLToPath(new URL('./worker-main.ts', import.meta.url));
const P = 'W';

describe('the worker process does the FTP pulls', { timeout: 120_000 }, () => {
  let api: TestApi;
  let sftp: SftpTestServer;
  let worker: ChildProcess | null = null;
  const output: string[] = [];

  beforeAll(async () => {
    api = await createTestApi();
    await seedMasterData(api.database.db, P);
    sftp = await startSftpServer({ username: 'u', password: 'p-9f3k!x' });
    await sftp.put('gelen/.keep', '');
  }, 60_000);
  afterAll(async () => {
    if (worker && worker.exitCode === null) {
      const exited = new Promise((resolve) => worker!.once('exit', resolve));
      worker.kill('SIGTERM');
      await exited;
    }
    await sftp.close();
    await api.close();
  });

  it('takes "Şimdi çek" from the queue and imports the file', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER_MAIN], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: api.database.url,
        FONRISK_SECRETS_KEY: TEST_SECRETS_KEY.toString('base64'),
        WORKER_POOL_SIZE: '1',
        WORKER_CONCURRENCY: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    worker = child;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(output.join(''))), 60_000);
      const onData = (chunk: Buffer) => {
        output.push(chunk.toString());
        if (output.join('').includes('"message":"worker started"')) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
    });
    expect(output.join('')).toContain('"services":["ftp-pulls","reports"]');

    const admin = (await api.login('admin')).accessToken;
    const created = await api.call('POST', '/api/ftp/connections', {
      token: admin,
      body: {
        name: 'Çalışan SFTP',
        protocol: 'sftp',
        host: '127.0.0.1',
        port: sftp.port,
        username: 'u',
        authMethod: 'password',
        password: 'p-9f3k!x',
        inboundDir: '/gelen',
        outboundDir: '/gelen',
        timeoutSeconds: 5,
        retries: 1,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const connection = created.json<FtpConnection>();
    // SFTP pins the host key on first use: a test connection does it.
    expect(
      (await api.call('POST', `/api/ftp/connections/${connection.id}/test`, { token: admin }))
        .statusCode,
    ).toBe(200);
    const rule = await api.call('POST', '/api/ftp/rules', {
      token: admin,
      body: { connectionId: connection.id, pattern: 'FIYAT_{YYYYMMDD}.csv', kind: 'prices' },
    });
    expect(rule.statusCode, rule.body).toBe(200);
    await sftp.put('gelen/FIYAT_20260106.csv', `Sembol;Tarih;Fiyat\n${P}HIS1;06.01.2026;12,5\n`);

    const pulled = await api.call('POST', `/api/ftp/connections/${connection.id}/pull`, {
      token: admin,
    });
    expect(pulled.statusCode, pulled.body).toBe(200);
    expect(pulled.json<FtpPullResponse>().transfers).toEqual([
      expect.objectContaining({
        fileName: 'FIYAT_20260106.csv',
        result: 'imported',
        rowsImported: 1,
      }),
    ]);
    const [row] = await api.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(marketValues)
      .where(eq(marketValues.ticker, `${P}HIS1`));
    expect(row!.n).toBe(1);
    expect(worker.exitCode, 'the pull ran in the worker process').toBeNull();
  });

  it('generates the report the API queued (decision 0043: the API has no report loop)', async () => {
    const runner = (await api.login('hesaplayici')).accessToken;
    const runId = await insertDoneVarRun(api.database.db, 'WRK', '2026-10-30');
    const created = await api.call('POST', '/api/reports', {
      token: runner,
      body: { sourceRunId: runId, title: 'Çalışan süreci raporu' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json<Report>().id;
    let report = created.json<Report>();
    for (let i = 0; i < 600 && report.status !== 'done' && report.status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      report = (await api.call('GET', `/api/reports/${String(id)}`, { token: runner })).json();
    }
    expect(report.error).toBeNull();
    expect(report.status).toBe('done');
    const pdf = await api.call('GET', `/api/reports/${String(id)}/pdf`, { token: runner });
    expect(pdf.statusCode).toBe(200);
    expect((await pdfText(pdf.rawPayload)).text).toContain('Çalışan süreci raporu');
    expect(worker!.exitCode, 'the report was made in the worker process').toBeNull();
  });
});
