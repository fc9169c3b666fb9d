import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@fonrisk/db/testing';
import { buildServer } from '../http/server.ts';
import {
  createTestApi,
  TEST_JWT_SECRET,
  TEST_SECRETS_KEY,
  type TestApi,
} from '../testing/test-api.ts';
import { databaseFingerprint } from '../testing/db-fingerprint.ts';
import { eq, reports } from '@fonrisk/db';
import { writeReportFiles } from '../modules/reports/report-files.ts';
import { insertReport } from '../modules/reports/reports.service.ts';
import { seedHoldings } from '../testing/run-fixtures.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** `npm run backup` / `npm run restore FILE`, as an operator runs them. */
function script(command: 'backup' | 'restore', file: string, env: Record<string, string>) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/backup.ts', command, file],
    { cwd: REPO_ROOT, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 120_000 },
  );
  expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
  return result.stdout;
}

describe('backup and restore', { timeout: 180_000 }, () => {
  let source: TestApi;
  let target: TestDatabase;
  const work = mkdtempSync(join(tmpdir(), 'fonrisk-yedek-'));
  const sourceDir = join(work, 'kaynak');
  const targetDir = join(work, 'hedef');

  beforeAll(async () => {
    source = await createTestApi();
    target = await createTestDatabase();
  });
  afterAll(async () => {
    await source.close();
    await target.drop();
    rmSync(work, { recursive: true, force: true });
  });

  it('round-trips users, portfolios, runs, posts and the keys: the restored application is the same', async () => {
    const admin = (await source.login('admin')).accessToken;
    expect(
      (
        await source.call('POST', '/api/blog/posts', {
          token: admin,
          body: { title: 'Yedek öncesi', summary: 'Özet', body: 'Metin <script>x</script>' },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await source.call('POST', '/api/portfolios', {
          token: admin,
          body: { code: 'YDK', name: 'Yedek Fonu', kind: 'fund', currency: 'TRY' },
        })
      ).statusCode,
    ).toBeLessThan(300);
    await seedHoldings(source.database.db, 'YDK', ['2025-01-02']);
    const run = await source.call('POST', '/api/analyses/runs', {
      token: (await source.login('hesaplayici')).accessToken,
      body: {
        analysisType: 'leverage',
        inputs: { portfolioCodes: ['YDK'], asOfDate: '2025-01-02' },
      },
    });
    expect(run.statusCode).toBe(200);
    // A finished report: its files are rows of report_files (decision 0043), so they come back.
    const [template] = (await source.call('GET', '/api/report-templates', { token: admin })).json<
      { id: number }[]
    >();
    const pdfBytes = Buffer.from('%PDF-1.7 yedeklenen rapor ğüşİ');
    const reportId = await source.database.db.transaction(async (tx) => {
      const id = await insertReport(
        tx,
        { userId: null, fullName: 'Test' },
        { templateId: template!.id, portfolioCodes: ['YDK'], asOfDate: '2025-01-02' },
      );
      await writeReportFiles(tx, id, [{ fileName: `Yedek_${String(id)}.pdf`, data: pdfBytes }]);
      await tx
        .update(reports)
        .set({
          status: 'done',
          progress: 1,
          files: [
            {
              format: 'pdf',
              fileName: `Yedek_${String(id)}.pdf`,
              sizeBytes: pdfBytes.length,
              pages: 1,
            },
          ],
        })
        .where(eq(reports.id, id));
      return id;
    });

    mkdirSync(sourceDir, { recursive: true });
    writeFileSync(join(sourceDir, 'jwt-secret'), `${TEST_JWT_SECRET}\n`);
    writeFileSync(join(sourceDir, 'secrets-key'), `${TEST_SECRETS_KEY.toString('base64')}\n`);
    const file = join(work, 'yedek.json.gz');
    expect(
      script('backup', file, { DATABASE_URL: source.database.url, FONRISK_DATA_DIR: sourceDir }),
    ).toMatch(/Yedek alındı/);
    expect(
      script('restore', file, { DATABASE_URL: target.url, FONRISK_DATA_DIR: targetDir }),
    ).toMatch(/Geri yüklendi/);

    expect(await databaseFingerprint(target.db)).toEqual(
      await databaseFingerprint(source.database.db),
    );
    const secret = readFileSync(join(targetDir, 'jwt-secret'), 'utf8').trim();
    expect(secret, 'the keys came back with the data').toBe(TEST_JWT_SECRET);
    const secretsKey = Buffer.from(
      readFileSync(join(targetDir, 'secrets-key'), 'utf8').trim(),
      'base64',
    );
    expect(secretsKey.equals(TEST_SECRETS_KEY), 'the connection-secrets key came back too').toBe(
      true,
    );

    // The restored application accepts the old session and shows the same records.
    const restored = await buildServer({
      db: target.db,
      jwtSecret: secret,
      jwtTtlSeconds: 3600,
      secretsKey,
      login: { maxFailures: 5, windowMinutes: 15 },
    });
    try {
      for (const url of [
        '/api/Authorization/Users',
        '/api/portfolios',
        '/api/analyses/runs',
        '/api/blog/posts',
        '/api/reports',
      ]) {
        const before = await source.app.inject({
          url,
          headers: { authorization: `Bearer ${admin}` },
        });
        const after = await restored.inject({ url, headers: { authorization: `Bearer ${admin}` } });
        expect(after.statusCode, url).toBe(200);
        expect(after.json(), url).toEqual(before.json());
      }
      const pdf = await restored.inject({
        url: `/api/reports/${String(reportId)}/pdf`,
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(pdf.statusCode, pdf.body).toBe(200);
      expect(pdf.rawPayload.equals(pdfBytes), 'the report file came back byte for byte').toBe(true);
      // New rows continue after the restored ids.
      const again = await restored.inject({
        method: 'POST',
        url: '/api/Authorization/Login',
        headers: source.headers(),
        payload: { username: 'admin', password: 'Fonrisk.2026' },
      });
      expect(again.statusCode, again.body).toBe(200);
    } finally {
      await restored.close();
    }
  });

  it('refuses a file that is not a Fonrisk backup and leaves the database as it was', async () => {
    const before = await databaseFingerprint(target.db);
    const bogus = join(work, 'bozuk.json.gz');
    writeFileSync(bogus, 'yedek değil');
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/backup.ts', 'restore', bogus],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, DATABASE_URL: target.url, FONRISK_DATA_DIR: targetDir },
        encoding: 'utf8',
      },
    );
    expect(result.status).toBe(1);
    expect(await databaseFingerprint(target.db)).toEqual(before);
  });
});
