/**
 * Reports speed (issue 15): (1) the monthly board report of one demo fund when its analyses are
 * already run (issue 24: under 3 s from request to file, at most 15 pages); (2) the same template
 * for all ten demo funds in one request (issue 24: under 15 s), with its progress printed. Same harness as bench/module2.ts:
 * throw-away embedded PostgreSQL, demo data, API in-process, the analysis worker. A first pass
 * (not timed) computes the analyses the board template needs; the timed requests reuse them.
 * Run: node --import tsx bench/reports.ts (BENCH_REPORT_PDF_DIR=dir keeps the PDFs to look at)
 */
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import pg from 'pg';
import type { LoginResponse, Report, ReportTemplate } from '../packages/contracts/src/index.ts';
import {
  connectDatabase,
  migrateDatabase,
  startEmbeddedPostgres,
} from '../packages/db/src/index.ts';
import { DEMO_PASSWORD, loadDemoData } from '../apps/api/src/demo/index.ts';
import { buildServer } from '../apps/api/src/http/server.ts';
import { startReportWorker } from '../apps/api/src/modules/reports/report-worker.ts';
import { xsrfValue } from '../apps/api/src/http/xsrf.ts';
import { ANALYSIS_HANDLERS } from '../apps/worker/src/analyses/index.ts';
import { startAnalysisWorker } from '../apps/worker/src/worker.ts';

const ONE_FUND_LIMIT_S = 3;
const ALL_FUNDS_LIMIT_S = 15;
const ONE_FUND_MAX_PAGES = 15;
const SECRET = 'bench-secret-that-is-long-enough-for-hs256-0123456789';

async function withAdmin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const dataDir = process.env.TEST_DATABASE_URL
  ? null
  : await mkdtemp(join(tmpdir(), 'fonrisk-bench-reports-'));
if (dataDir) await chmod(dataDir, 0o755);
const server = dataDir ? await startEmbeddedPostgres({ dataDir, logFile: null }) : null;
const adminUrl = server?.adminUrl ?? process.env.TEST_DATABASE_URL!;
const name = `fonrisk_bench_reports_${process.pid}`;
try {
  await withAdmin(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = connectDatabase(url.toString(), { max: 8 });
  try {
    await migrateDatabase(handle.pool);
    await loadDemoData(handle.db);
    const app = await buildServer({
      db: handle.db,
      jwtSecret: SECRET,
      jwtTtlSeconds: 3600,
      secretsKey: Buffer.alloc(32, 1),
      login: { maxFailures: 5, windowMinutes: 15 },
    });
    await app.ready();
    // The worker process's report service (decision 0043): it generates what the API queues.
    const reportWorker = await startReportWorker(handle.db, {
      log: (m, e) => (e === undefined ? undefined : console.error(m, e)),
      ftp: null,
      schedules: false,
    });
    await reportWorker.jobs.ready;
    const worker = await startAnalysisWorker({
      db: handle.db,
      handlers: ANALYSIS_HANDLERS,
      log: { info: () => undefined, error: (m, d) => console.error(m, d) },
    });
    try {
      const anon = xsrfValue(SECRET, 'anon');
      const login = await app.inject({
        method: 'POST',
        url: '/api/Authorization/Login',
        headers: { cookie: `XSRF-TOKEN=${anon}`, 'x-xsrf-token': anon },
        payload: { username: 'hesaplayici', password: DEMO_PASSWORD },
      });
      const token = login.json<LoginResponse>().accessToken;
      const sid = String(decodeJwt(token).sid);
      const value = xsrfValue(SECRET, sid);
      const headers = {
        authorization: `Bearer ${token}`,
        cookie: `XSRF-TOKEN=${value}`,
        'x-xsrf-token': value,
      };
      const { rows: funds } = await handle.pool.query<{ code: string; date: string }>(
        `SELECT p.code, max(h.portfolio_date)::text AS date FROM portfolios p
         JOIN holdings h ON h.portfolio_code = p.code
         WHERE p.kind = 'fund' AND h.portfolio_date = (SELECT max(portfolio_date) FROM holdings)
         GROUP BY p.code ORDER BY p.code LIMIT 10`,
      );
      const asOfDate = funds[0]!.date;
      const codes = funds.map((f) => f.code);
      const templates = await app.inject({ method: 'GET', url: '/api/report-templates', headers });
      const board = templates.json<ReportTemplate[]>().find((t) => t.key === 'board-monthly')!;

      async function timedReport(
        portfolioCodes: string[],
        progress: boolean,
      ): Promise<{ seconds: number; report: Report }> {
        const started = performance.now();
        const created = await app.inject({
          method: 'POST',
          url: '/api/reports',
          headers,
          payload: { templateId: board.id, portfolioCodes, asOfDate },
        });
        if (created.statusCode !== 200) throw new Error(`${created.statusCode} ${created.body}`);
        const id = created.json<Report>().id;
        let last = '';
        for (;;) {
          const res = await app.inject({
            method: 'GET',
            url: `/api/reports/${String(id)}`,
            headers,
          });
          const report = res.json<Report>();
          const line = `${(report.progress * 100).toFixed(0)} % ${report.progressMessage ?? ''}`;
          if (progress && line !== last) console.log(`  ilerleme: ${line}`);
          last = line;
          if (report.status === 'done') {
            const file = await app.inject({
              method: 'GET',
              url: `/api/reports/${String(id)}/pdf`,
              headers,
            });
            if (file.statusCode !== 200) throw new Error(`pdf ${file.statusCode}`);
            const keep = process.env.BENCH_REPORT_PDF_DIR;
            if (keep)
              await writeFile(
                join(keep, `board-${String(portfolioCodes.length)}.pdf`),
                file.rawPayload,
              );
            return { seconds: (performance.now() - started) / 1000, report };
          }
          if (report.status === 'failed') throw new Error(`report failed: ${report.error ?? ''}`);
          await new Promise((r) => setTimeout(r, 50));
        }
      }

      const warm = performance.now();
      await timedReport(codes, false);
      console.log(
        `analyses of the board template for ${codes.length} funds computed (not timed) in ${((performance.now() - warm) / 1000).toFixed(1)} s`,
      );

      const one = await timedReport([codes[0]!], false);
      const pdf = one.report.files.find((f) => f.format === 'pdf')!;
      console.log(
        `\nBoard report, 1 fund (${codes[0]!}, ${asOfDate}), analyses already run: ${one.seconds.toFixed(2)} s, ${String(pdf.pages)} pages, ${(pdf.sizeBytes / 1024).toFixed(0)} KB, ${one.report.runsUsed.length} runs reused ${one.seconds < ONE_FUND_LIMIT_S ? `OK: under ${ONE_FUND_LIMIT_S} s` : `SLOW: over ${ONE_FUND_LIMIT_S} s`}; ${(pdf.pages ?? 0) <= ONE_FUND_MAX_PAGES ? `OK: at most ${ONE_FUND_MAX_PAGES} pages` : `LONG: over ${ONE_FUND_MAX_PAGES} pages`}`,
      );
      console.log(`\nBoard report, ${codes.length} funds in one request:`);
      const all = await timedReport(codes, true);
      const allPdf = all.report.files.find((f) => f.format === 'pdf')!;
      console.log(
        `${codes.length} funds: ${all.seconds.toFixed(2)} s, ${String(allPdf.pages)} pages ${all.seconds < ALL_FUNDS_LIMIT_S ? `OK: under ${ALL_FUNDS_LIMIT_S} s` : `SLOW: over ${ALL_FUNDS_LIMIT_S} s`}`,
      );
    } finally {
      await reportWorker.stop();
      await worker.stop();
      await app.close();
    }
  } finally {
    await handle.close();
    await withAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name}`);
  }
} finally {
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}
