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
import { eq, portfolios, reports, sql, type Database } from '@fonrisk/db';
import { writeReportFiles } from '../modules/reports/report-files.ts';
import { insertReport } from '../modules/reports/reports.service.ts';
import { DEMO_START_STEPS } from '../demo/index.ts';
import { runDemoSteps } from '../demo/demo-steps.ts';
import { listEndpoints } from '../testing/endpoints.ts';
import { seedHoldings } from '../testing/run-fixtures.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** `npm run backup` / `npm run restore FILE`, as an operator runs them. */
function run(command: 'backup' | 'restore', file: string, env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', command, file], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
}

function script(command: 'backup' | 'restore', file: string, env: Record<string, string>) {
  const result = run(command, file, env);
  expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
  return result.stdout;
}

/** Row count and digest of every table of the job queue's schema (pg-boss). */
async function queueFingerprint(db: Database): Promise<Record<string, string>> {
  const tables = await db.execute<{ name: string }>(
    sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'pgboss' AND c.relkind IN ('r', 'p') ORDER BY 1`,
  );
  const result: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const [row] = (
      await db.execute<{ n: string; digest: string }>(
        sql`SELECT count(*)::text AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest
            FROM ${sql.raw(`pgboss.${name}`)} t`,
      )
    ).rows;
    result[name] = `${row?.n ?? '?'}:${row?.digest ?? ''}`;
  }
  return result;
}

describe('backup and restore', { timeout: 300_000 }, () => {
  let source: TestApi;
  let target: TestDatabase;
  const work = mkdtempSync(join(tmpdir(), 'fonrisk-yedek-'));
  const sourceDir = join(work, 'kaynak');
  const targetDir = join(work, 'hedef');

  beforeAll(async () => {
    // The demo install as `npm start` leaves it: the market, the portfolios with their reference
    // benchmarks (a foreign-key cycle with the holdings benchmarks), and the first-start runs and
    // reports queued with their jobs.
    source = await createTestApi({ demoMarket: true });
    await runDemoSteps(source.database.db, DEMO_START_STEPS);
    target = await createTestDatabase();
  }, 400_000);
  afterAll(async () => {
    await source.close();
    await target.drop();
    rmSync(work, { recursive: true, force: true });
  });

  it('round-trips the demo install, data added through the API and the keys: the restored application is the same', async () => {
    const linked = await source.database.db
      .select()
      .from(portfolios)
      .where(sql`${portfolios.referenceBenchmarkCode} IS NOT NULL`);
    expect(linked.length, 'portfolios name their reference benchmark').toBeGreaterThan(0);
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
          body: {
            code: 'YDK',
            name: 'Yedek Fonu',
            kind: 'fund',
            fundCategory: 'equity',
            currency: 'TRY',
          },
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

    const fingerprint = await databaseFingerprint(source.database.db);
    expect(await databaseFingerprint(target.db)).toEqual(fingerprint);
    const queue = await queueFingerprint(source.database.db);
    expect(Number(queue.job?.split(':')[0]), 'the queued runs have jobs').toBeGreaterThan(0);
    expect(await queueFingerprint(target.db), 'the queue with its jobs').toEqual(queue);
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
      // Every list the API serves without parameters, as the admin sees it.
      const urls = listEndpoints(source.app)
        .filter(
          (e) =>
            e.method === 'GET' &&
            !e.stream &&
            e.pathParams.length === 0 &&
            e.requiredQuery.length === 0,
        )
        .map((e) => e.path);
      expect(urls).toEqual(expect.arrayContaining(['/api/portfolios', '/api/analyses/runs']));
      for (const url of urls) {
        const before = await source.app.inject({
          url,
          headers: { authorization: `Bearer ${admin}` },
        });
        const after = await restored.inject({ url, headers: { authorization: `Bearer ${admin}` } });
        expect(after.statusCode, url).toBe(before.statusCode);
        expect(after.headers['content-type'], url).toBe(before.headers['content-type']);
        // Files (.xlsx exports) carry their creation time; every JSON answer is compared whole.
        if (String(before.headers['content-type']).includes('json'))
          expect(after.body, url).toEqual(before.body);
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
