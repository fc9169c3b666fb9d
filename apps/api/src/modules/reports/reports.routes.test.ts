import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CreatedReportKey,
  FtpConnection,
  FtpConnectionRequest,
  FtpTransfer,
  PdfSettings,
  Problem,
  Report,
  ReportListResponse,
  ReportTemplate,
  ReportTemplateInput,
} from '@fonrisk/contracts';
import { PdfSettingsInputSchema } from '@fonrisk/contracts';
import { analysisRuns, eq, reportFiles, reportKeys, reports, sql } from '@fonrisk/db';
import { createTestApi, type TestApi } from '../../testing/test-api.ts';
import { multipart } from '../data-imports/test-support.ts';
import { startFtpServer } from '../ftp/testing/test-servers.ts';
import { startReportWorker, type ReportWorker } from './report-worker.ts';
import {
  insertDoneAuditRun,
  insertDoneVarRun,
  pdfOperators,
  pdfText,
} from './reports.test-support.ts';

const DATE = '2026-10-30';
const FUND = 'AAK';

describe('reports (issue 15)', () => {
  let api: TestApi;
  let runner: string;
  let observer: string;
  let admin: string;
  let varRunId: string;
  let templateId: number;

  const template: ReportTemplateInput = {
    name: 'Test Kurul Raporu',
    module: 1,
    sections: [
      { kind: 'text', title: 'Özet', text: '{fonAdi} fonu için {tarih} tarihli ölçümler.' },
      { kind: 'analysis', analysisType: 'var', title: 'Riske Maruz Değer' },
      { kind: 'limitBreaches', title: 'Limit Aşımları' },
    ],
  };

  /** Two worker processes' report loops (decision 0043): the API itself generates nothing. */
  const workers: ReportWorker[] = [];

  async function waitDone(id: number, token = runner): Promise<Report> {
    const deadline = Date.now() + 100_000;
    for (;;) {
      const report = (
        await api.call('GET', `/api/reports/${String(id)}`, { token })
      ).json<Report>();
      if (report.status === 'done' || report.status === 'failed' || Date.now() > deadline)
        return report;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async function download(id: number, format: 'pdf' | 'xlsx', token = runner) {
    return api.call('GET', `/api/reports/${String(id)}/${format}`, { token });
  }

  beforeAll(async () => {
    api = await createTestApi();
    runner = (await api.login('hesaplayici')).accessToken;
    observer = (await api.login('gozlemleyici')).accessToken;
    admin = (await api.login('admin')).accessToken;
    varRunId = await insertDoneVarRun(api.database.db, FUND, DATE);
    await insertDoneAuditRun(api.database.db, FUND, DATE);
    const created = await api.call('POST', '/api/report-templates', {
      token: runner,
      body: template,
    });
    expect(created.statusCode, created.body).toBe(200);
    templateId = created.json<ReportTemplate>().id;
    for (let i = 0; i < 2; i++) {
      const worker = await startReportWorker(api.database.db, {
        log: () => undefined,
        ftp: null,
        schedules: false,
        intervalMs: 3_600_000,
        pollMs: 100,
      });
      await worker.jobs.ready;
      workers.push(worker);
    }
  }, 120_000);
  afterAll(async () => {
    for (const worker of workers) await worker.stop();
    await api.close();
  });

  let report: Report;

  it('ships the three templates', async () => {
    const list = (await api.call('GET', '/api/report-templates', { token: observer })).json<
      ReportTemplate[]
    >();
    expect(list.filter((t) => t.shipped).map((t) => t.key)).toEqual([
      'board-monthly',
      'spk-risk-unit',
      'investor-performance',
    ]);
  });

  it('produces the PDF and the workbook from the finished run of that date, and says which', async () => {
    const response = await api.call('POST', '/api/reports', {
      token: runner,
      body: { templateId, portfolioCodes: [FUND], asOfDate: DATE },
    });
    expect(response.statusCode, response.body).toBe(200);
    // The job loop may already have claimed it when the answer is read.
    expect(['queued', 'running']).toContain(response.json<Report>().status);
    report = await waitDone(response.json<Report>().id);
    expect(report.error).toBeNull();
    expect(report.status).toBe('done');
    expect(report.runsUsed).toEqual([
      { runId: varRunId, analysisType: 'var', portfolioCodes: [FUND], reused: true },
    ]);
    expect(report.files.map((f) => f.format)).toEqual(['pdf', 'xlsx']);

    const pdf = await download(report.id, 'pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { text, pages } = await pdfText(pdf.rawPayload);
    expect(pages).toBe(report.files[0]!.pages);
    expect(text).toContain('İçindekiler');
    expect(text).toContain('Riske Maruz Değer');
    expect(text).toContain('Kullanılan Yöntemler');
    expect(text).toContain(`AAK fonu için 30.10.2026 tarihli ölçümler.`);
    expect(text).toContain('1.234.567,89');
    expect(text).toContain('%5,12');
    expect(text).toContain(`Sayfa 1 / ${String(pages)}`);
    expect(text).toContain('Motor sürümü: risk-1.2.3');
    expect(text).toContain('Oluşturan: Elif Kaya');
    // The breach of the run is listed.
    expect(text).toContain('Limit Aşımı');
    // Every tracked limit: the internal audit's breach row (criterion, limit, value, status).
    expect(text).toContain('Limit Aşımları — Yatırım Sınırlamaları');
    const auditPart = text.slice(text.lastIndexOf('Limit Aşımları — Yatırım Sınırlamaları'));
    for (const cell of [
      'TST-TEK-IHRAC',
      'Tek ihraççı sınırı',
      '≤ %10,00',
      '%12,34',
      'Mevzuat ihlali',
    ])
      expect(auditPart).toContain(cell);
    expect(text, 'a passing criterion is not a breach').not.toContain('TST-UYGUN');

    const ops = await pdfOperators(pdf.rawPayload);
    expect(ops.images, 'charts are vectors, not images').toBe(0);
    expect(pdf.rawPayload.toString('latin1')).not.toContain('/Subtype /Image');
    expect(ops.paths).toBeGreaterThan(10);
  }, 120_000);

  it('writes real numbers with tr-TR formats, frozen headers and the branding rows', async () => {
    const xlsx = await download(report.id, 'xlsx');
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets.find((s) => s.name.startsWith('Riske Maruz'))!;
    expect(sheet).toBeDefined();
    expect(sheet.getCell(1, 1).text).toContain('Fonrisk Portföy Yönetimi');
    let found = false;
    sheet.eachRow((row) => {
      row.eachCell((cell) => {
        if (cell.value === 1234567.89) {
          found = true;
          expect(cell.numFmt).toBe('#,##0.00');
        }
        if (cell.value === 0.0512) expect(cell.numFmt).toBe('0.00%');
      });
    });
    expect(found, 'the NAV is a number cell').toBe(true);
    const audit = workbook.worksheets.find((s) => s.name.includes('Yatırım'))!;
    expect(audit, 'the internal-audit breaches have their sheet').toBeDefined();
    const auditRows: unknown[][] = [];
    audit.eachRow((row) => auditRows.push((row.values as unknown[]).slice(1)));
    const breach = auditRows.find((r) => r.includes('TST-TEK-IHRAC'));
    expect(breach).toEqual([
      expect.anything(),
      'TST-TEK-IHRAC',
      'Tek ihraççı sınırı (test)',
      '≤ %10,00',
      '%12,34',
      'Mevzuat ihlali',
      1,
    ]);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen' });
  });

  it('sends the report’s PDF and Excel to an FTP connection’s outbound folder (my-reports)', async () => {
    const server = await startFtpServer({ username: 'rapor', password: 'Rapor.Parola-2026' });
    try {
      await server.put('giden/.keep', '');
      const connection: FtpConnectionRequest = {
        name: 'Kurul raporları FTP',
        protocol: 'ftp',
        host: '127.0.0.1',
        port: server.port,
        username: 'rapor',
        authMethod: 'password',
        password: 'Rapor.Parola-2026',
        inboundDir: '/gelen',
        outboundDir: '/giden',
        timeoutSeconds: 5,
        retries: 1,
      };
      const created = await api.call('POST', '/api/ftp/connections', {
        token: admin,
        body: connection,
      });
      expect(created.statusCode, created.body).toBe(200);
      const connectionId = created.json<FtpConnection>().id;
      const url = `/api/reports/${String(report.id)}/push`;

      const pushed = await api.call('POST', url, { token: runner, body: { connectionId } });
      expect(pushed.statusCode, pushed.body).toBe(200);
      expect(pushed.json<FtpTransfer[]>().map((t) => [t.direction, t.result, t.fileName])).toEqual(
        report.files.map((f) => ['push', 'pushed', f.fileName]),
      );
      // ftp-srv may confirm the transfer before its own write stream has closed the file.
      const arrived = async (name: string, size: number) => {
        for (let i = 0; i < 50; i++) {
          const data = await server.read(`giden/${name}`);
          if (data.length >= size) return data;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        return server.read(`giden/${name}`);
      };
      const pdf = await download(report.id, 'pdf');
      const xlsx = await download(report.id, 'xlsx');
      expect(await arrived(report.files[0]!.fileName, pdf.rawPayload.length)).toEqual(
        pdf.rawPayload,
      );
      expect(await arrived(report.files[1]!.fileName, xlsx.rawPayload.length)).toEqual(
        xlsx.rawPayload,
      );

      const byObserver = await api.call('POST', url, { token: observer, body: { connectionId } });
      expect(byObserver.statusCode).toBe(403);
      const noConnection = await api.call('POST', url, { token: runner, body: {} });
      expect(noConnection.statusCode).toBe(400);
      expect(noConnection.body).toContain('FTP bağlantısı seçin');
      const unknown = await api.call('POST', url, {
        token: runner,
        body: { connectionId: 987_654 },
      });
      expect(unknown.statusCode).toBe(404);
    } finally {
      await server.close();
    }
  }, 120_000);

  it('changes the output when the template changes', async () => {
    const changed = await api.call('PUT', `/api/report-templates/${String(templateId)}`, {
      token: runner,
      body: {
        ...template,
        sections: [
          { kind: 'text', title: 'Yeni Başlık Şğİ', text: 'Değiştirilmiş metin {fonKodu}.' },
        ],
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const second = await api.call('POST', '/api/reports', {
      token: runner,
      body: { templateId, portfolioCodes: [FUND], asOfDate: DATE },
    });
    const done = await waitDone(second.json<Report>().id);
    const { text } = await pdfText((await download(done.id, 'pdf')).rawPayload);
    expect(text).toContain('Yeni Başlık Şğİ');
    expect(text).toContain('Değiştirilmiş metin AAK.');
    expect(text).not.toContain('Riske Maruz Değer');
    // The first report keeps the template it was made with.
    const first = await pdfText((await download(report.id, 'pdf')).rawPayload);
    expect(first.text).toContain('Riske Maruz Değer');
  }, 120_000);

  it('serves the file to a valid Report-Key without a session and refuses wrong, revoked and expired keys', async () => {
    const post = (key?: string) =>
      api.app.inject({
        method: 'POST',
        url: '/api/reports/download?format=pdf',
        headers: key === undefined ? {} : { 'Report-Key': key },
      });
    const created = await api.call('POST', `/api/reports/${String(report.id)}/keys`, {
      token: runner,
      body: { expiresInDays: 3 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const key = created.json<CreatedReportKey>();
    const stored = await api.database.db.select().from(reportKeys).where(eq(reportKeys.id, key.id));
    expect(stored[0]!.keyHash).not.toContain(key.key);

    const ok = await post(key.key);
    expect(ok.statusCode).toBe(200);
    expect(ok.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const missing = await post();
    expect(missing.statusCode).toBe(401);
    expect(missing.body).toBe('Rapor anahtarı (Report-Key başlığı) gönderilmedi.');
    const wrong = await post('rk_yanlis');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).toBe('Rapor anahtarı geçersiz.');

    await api.database.db
      .update(reportKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(reportKeys.id, key.id));
    const expired = await post(key.key);
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('süresi dolmuş');

    await api.database.db
      .update(reportKeys)
      .set({ expiresAt: new Date(Date.now() + 86_400_000) })
      .where(eq(reportKeys.id, key.id));
    const revoke = await api.call(
      'DELETE',
      `/api/reports/${String(report.id)}/keys/${String(key.id)}`,
      { token: runner },
    );
    expect(revoke.statusCode).toBe(200);
    const revoked = await post(key.key);
    expect(revoked.statusCode).toBe(410);
    expect(revoked.body).toBe('Bu rapor anahtarı iptal edilmiş.');
  });

  it('keeps reports to their owner; Admin sees everyone’s; filters by module and status', async () => {
    const other = await api.call('GET', `/api/reports/${String(report.id)}`, { token: observer });
    expect(other.statusCode).toBe(403);
    expect(other.json<Problem>().detail).toContain('başka bir kullanıcıya ait');
    const mine = (
      await api.call('GET', '/api/reports', { token: observer })
    ).json<ReportListResponse>();
    expect(mine.total).toBe(0);
    const all = (
      await api.call('GET', '/api/reports?module=1&status=done', { token: admin })
    ).json<ReportListResponse>();
    expect(all.items.map((r) => r.id)).toContain(report.id);
    const none = (
      await api.call('GET', '/api/reports?module=5', { token: admin })
    ).json<ReportListResponse>();
    expect(none.total).toBe(0);
    expect(
      (
        await api.call('POST', '/api/reports', {
          token: observer,
          body: { templateId, portfolioCodes: [FUND], asOfDate: DATE },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('deletes a report with its files; its Report-Key then answers 410 (gone), not 403', async () => {
    const created = await api.call('POST', `/api/reports/${String(report.id)}/keys`, {
      token: runner,
      body: { expiresInDays: 3 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const key = created.json<CreatedReportKey>();
    const byKey = (k: string) =>
      api.app.inject({
        method: 'POST',
        url: '/api/reports/download?format=pdf',
        headers: { 'Report-Key': k },
      });
    expect((await byKey(key.key)).statusCode, 'valid before the delete').toBe(200);
    const stored = () =>
      api.database.db
        .select({ fileName: reportFiles.fileName })
        .from(reportFiles)
        .where(eq(reportFiles.reportId, report.id));
    expect((await stored()).map((f) => f.fileName).sort()).toEqual(
      report.files.map((f) => f.fileName).sort(),
    );
    const deleted = await api.call('DELETE', `/api/reports/${String(report.id)}`, {
      token: runner,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await stored(), 'the files went with the report (cascade)').toEqual([]);
    const gone = await byKey(key.key);
    expect(gone.statusCode).toBe(410);
    expect(gone.body).toBe('Bu anahtarın raporu silinmiş.');
    expect((await byKey('rk_yanlis')).statusCode, 'an unknown key stays 403').toBe(403);
    expect(
      (await api.call('GET', `/api/reports/${String(report.id)}`, { token: runner })).statusCode,
    ).toBe(404);
  });

  it('makes a report from one finished run and refuses a failed one in Turkish', async () => {
    const fromRun = await api.call('POST', '/api/reports', {
      token: runner,
      body: { sourceRunId: varRunId },
    });
    expect(fromRun.statusCode, fromRun.body).toBe(200);
    const done = await waitDone(fromRun.json<Report>().id);
    expect(done.status).toBe('done');
    expect(done.template.name).toBe('Analiz bazlı rapor: RMD Analizi');
    const { text } = await pdfText((await download(done.id, 'pdf')).rawPayload);
    expect(text).toContain('1.234.567,89');

    const failedId = await insertDoneVarRun(api.database.db, 'BBK', DATE, {
      status: 'failed',
      error: 'Piyasa verisi eksik: USDTRY',
    });
    const refused = await api.call('POST', '/api/reports', {
      token: runner,
      body: { sourceRunId: failedId },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<Problem>().detail).toBe(
      'Seçilen analiz başarısız olduğu için rapor oluşturulamaz: Piyasa verisi eksik: USDTRY',
    );
  }, 120_000);

  it('fails the report with the Turkish reason when an analysis it waits for fails', async () => {
    const queuedId = await insertDoneVarRun(api.database.db, 'CCK', DATE, { status: 'queued' });
    const varOnly = await api.call('POST', '/api/report-templates', {
      token: runner,
      body: {
        name: 'Yalnız RMD',
        module: 1,
        sections: [{ kind: 'analysis', analysisType: 'var' }],
      },
    });
    const created = await api.call('POST', '/api/reports', {
      token: runner,
      body: {
        templateId: varOnly.json<ReportTemplate>().id,
        portfolioCodes: ['CCK'],
        asOfDate: DATE,
        title: 'Hata testi',
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    // The report reuses the queued run and waits for it; the run then fails.
    await new Promise((r) => setTimeout(r, 300));
    await api.database.db
      .update(analysisRuns)
      .set({ status: 'failed', error: 'Portföy verisi yok', finishedAt: new Date() })
      .where(eq(analysisRuns.id, queuedId));
    const done = await waitDone(created.json<Report>().id);
    expect(done.status).toBe('failed');
    expect(done.error).toContain('Portföy verisi yok');
    expect(done.error).toContain('başarısız oldu');
  }, 120_000);

  it('fails the report with "Disk dolu" when the database is out of space at the file write', async () => {
    // Issue 14's fault test: PostgreSQL refuses the file with disk_full (SQLSTATE 53100).
    const db = api.database.db;
    await db.execute(sql`
      CREATE FUNCTION test_disk_full() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = '53100'; END $$`);
    await db.execute(sql`
      CREATE TRIGGER test_disk_full BEFORE INSERT ON report_files
      FOR EACH ROW EXECUTE FUNCTION test_disk_full()`);
    try {
      const created = await api.call('POST', '/api/reports', {
        token: runner,
        body: { sourceRunId: varRunId, title: 'Disk dolu testi' },
      });
      expect(created.statusCode, created.body).toBe(200);
      const failed = await waitDone(created.json<Report>().id);
      expect(failed.status).toBe('failed');
      expect(failed.error).toMatch(/^Disk dolu: rapor dosyaları veritabanına yazılamadı/);
      expect(failed.files, 'whole or absent: no file is listed').toEqual([]);
      const rows = await db
        .select({ n: reportFiles.fileName })
        .from(reportFiles)
        .where(eq(reportFiles.reportId, failed.id));
      expect(rows).toEqual([]);
      expect((await download(failed.id, 'pdf')).statusCode).toBe(409);
    } finally {
      await db.execute(sql`DROP TRIGGER test_disk_full ON report_files`);
      await db.execute(sql`DROP FUNCTION test_disk_full()`);
    }
  }, 120_000);

  it('offers kisitli (modules 1 and 3) only its modules: sections left out once, other templates refused', async () => {
    const limited = (await api.login('kisitli')).accessToken;
    const mixed = await api.call('POST', '/api/report-templates', {
      token: runner,
      body: {
        name: 'Karma şablon',
        module: 1,
        sections: [
          { kind: 'text', text: 'Giriş' },
          { kind: 'analysis', analysisType: 'var' },
          { kind: 'analysis', analysisType: 'stress-test' },
          { kind: 'analysis', analysisType: 'liquidity-test' },
        ],
      },
    });
    expect(mixed.statusCode, mixed.body).toBe(200);
    const made = await api.call('POST', '/api/reports', {
      token: limited,
      body: { templateId: mixed.json<ReportTemplate>().id, portfolioCodes: [FUND], asOfDate: DATE },
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json<Report>().omittedModules).toEqual([2]);
    const [stored] = await api.database.db
      .select({ snapshot: reports.templateSnapshot })
      .from(reports)
      .where(eq(reports.id, made.json<Report>().id));
    expect(
      (stored!.snapshot as { sections: { kind: string; analysisType?: string }[] }).sections.map(
        (s) => s.analysisType ?? s.kind,
      ),
    ).toEqual(['text', 'var']);
    // Generated (and done) before the workers stop: its one analysis reuses the finished VaR run.
    // (A user with every module keeps the module 2 sections; their runs need analysis workers,
    // which this file does not start, so that report is not made here.)
    const done = await waitDone(made.json<Report>().id, limited);
    expect(done.status, done.error ?? '').toBe('done');
    expect(done.omittedModules).toEqual([2]);

    const templates = (await api.call('GET', '/api/report-templates', { token: limited })).json<
      ReportTemplate[]
    >();
    const investor = templates.find((t) => t.key === 'investor-performance')!;
    const refused = await api.call('POST', '/api/reports', {
      token: limited,
      body: { templateId: investor.id, portfolioCodes: [FUND], asOfDate: DATE },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<Problem>().detail).toBe(
      "'Yatırımcı Performans Raporu' şablonu bir Modül 5 raporudur; bu modüle yetkiniz olmadığından bu şablonla rapor oluşturamazsınız.",
    );
    const schedule = await api.call('POST', '/api/report-schedules', {
      token: limited,
      body: {
        name: 'Aylık yatırımcı',
        templateId: investor.id,
        portfolioCodes: [FUND],
        frequency: 'daily',
        time: '08:00',
      },
    });
    expect(schedule.statusCode).toBe(403);
  });

  it('refuses a template with an unknown section, naming it', async () => {
    const response = await api.call('POST', '/api/report-templates', {
      token: runner,
      body: {
        ...template,
        name: 'Bozuk',
        sections: [{ kind: 'analysis', analysisType: 'uydurma' }],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(
      '1. bölüm: bilinmeyen analiz türü \\"uydurma\\"',
    );
  });

  it('previews a template on the demo fund as a PDF', async () => {
    const response = await api.call('POST', '/api/report-templates/preview', {
      token: observer,
      body: template,
    });
    expect(response.statusCode).toBe(200);
    const { text } = await pdfText(response.rawPayload);
    expect(text).toContain('Test Kurul Raporu (önizleme)');
  }, 60_000);

  it('takes a PNG or SVG logo checked by content and size, and previews the settings on one page', async () => {
    const upload = (content: Buffer, name: string) => {
      const body = multipart(content, name);
      return api.app.inject({
        method: 'PUT',
        url: '/api/pdf-settings/logo',
        headers: { ...api.headers(admin), 'content-type': body.contentType },
        payload: body.payload,
      });
    };
    const notImage = await upload(Buffer.from('bu bir resim değil'), 'logo.png');
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json<Problem>().detail).toBe(
      'Logo PNG, JPEG veya SVG biçiminde bir resim olmalı; yüklenen dosya resim değil.',
    );
    const big = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(600 * 1024),
    ]);
    const oversized = await upload(big, 'logo.png');
    expect(oversized.statusCode).toBe(400);
    expect(oversized.json<Problem>().detail).toContain('Logo en fazla 512 KB olabilir');
    const script = await upload(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'logo.svg',
    );
    expect(script.statusCode).toBe(400);

    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" fill="#1C4E80"/></svg>',
    );
    const ok = await upload(svg, 'sirket.txt');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<PdfSettings>().logo?.mimeType).toBe('image/svg+xml');
    // A JPEG logo (a 12 × 17 px JFIF) is taken by its content and drawn in the PDF.
    const jpeg = Buffer.from(
      '/9j/4AAQSkZJRgABAQEAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/2wBDAQkJCQwLDBgNDRgyIRwhMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjL/wAARCAAMAAkDASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwD3tEkUndJuHpipKKKAP//Z',
      'base64',
    );
    const jpegOk = await upload(jpeg, 'logo.jpg');
    expect(jpegOk.statusCode, jpegOk.body).toBe(200);
    expect(jpegOk.json<PdfSettings>().logo?.mimeType).toBe('image/jpeg');

    const settings = {
      ...(await api.call('GET', '/api/pdf-settings', { token: observer })).json<PdfSettings>(),
    };
    const values = PdfSettingsInputSchema.parse(settings);
    const saved = await api.call('PUT', '/api/pdf-settings', {
      token: admin,
      body: { ...values, companyName: 'Örnek Şirket A.Ş.', orientation: 'landscape' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      (await api.call('PUT', '/api/pdf-settings', { token: runner, body: values })).statusCode,
    ).toBe(403);
    const preview = await api.call('POST', '/api/pdf-settings/preview', {
      token: observer,
      body: { ...values, companyName: 'Önizleme Şirketi' },
    });
    expect(preview.statusCode).toBe(200);
    const { text, pages } = await pdfText(preview.rawPayload);
    expect(pages).toBe(1);
    expect(text).toContain('Önizleme Şirketi');
    expect(text).toContain('1.234.567,89');
    const badColor = await api.call('PUT', '/api/pdf-settings', {
      token: admin,
      body: { ...values, primaryColor: 'mavi' },
    });
    expect(badColor.statusCode).toBe(400);
    expect(JSON.stringify(badColor.json())).toContain('#RRGGBB biçiminde renk olmalı');
  }, 60_000);
});
