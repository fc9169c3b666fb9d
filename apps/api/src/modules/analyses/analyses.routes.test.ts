import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { RunResponseSchema, type Run, type RunListResponse } from '@fonrisk/contracts';
import { gunzipSync, gzipSync } from 'node:zlib';
import { analysisRunBundles, analysisRuns, eq, findResultText, sql } from '@fonrisk/db';
import { createAccessTokens } from '../auth/access-token.ts';
import { createTestApi, TEST_JWT_SECRET, type TestApi } from '../../testing/test-api.ts';
import { seedHoldings } from '../../testing/run-fixtures.ts';

const leverage = (code: string, asOfDate = '2025-01-02') => ({
  analysisType: 'leverage',
  inputs: { portfolioCodes: [code], asOfDate },
});

describe('analysis run endpoints', () => {
  let api: TestApi;
  let runner: string;
  let observer: string;
  let moduleTwoOnly: string;

  beforeAll(async () => {
    api = await createTestApi();
    for (const code of [
      'ABC',
      'OKU',
      'MOD',
      'IPTAL',
      'CALISAN',
      'SONUC',
      'PAKET',
      'FILTRE1',
      'FILTRE2',
    ])
      await seedHoldings(api.database.db, code, ['2024-01-02', '2024-06-28']);
    runner = (await api.login('hesaplayici')).accessToken;
    observer = (await api.login('gozlemleyici')).accessToken;
    moduleTwoOnly = await createAccessTokens(TEST_JWT_SECRET, 3600).sign({
      id: 1,
      role: 'Hesaplayici',
      modules: [2],
      fullName: 'Modül İki',
      tokenVersion: 0,
    });
  });
  afterAll(() => api.close());

  async function start(body: unknown, token = runner): Promise<Run> {
    const response = await api.call('POST', '/api/analyses/runs', { token, body });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Run>();
  }

  /** What a worker does when it finishes a run. */
  async function finish(id: string, result: Record<string, unknown>) {
    await api.database.db
      .update(analysisRuns)
      .set({
        status: 'running',
        startedAt: sql`now() - interval '2 seconds'`,
        engineVersion: '0.1.0',
      })
      .where(eq(analysisRuns.id, id));
    await api.database.db
      .update(analysisRuns)
      .set({
        status: 'done',
        progress: 1,
        result,
        dataSnapshot: { marketDataThrough: '2025-01-02' },
        finishedAt: sql`now()`,
      })
      .where(eq(analysisRuns.id, id));
  }

  it('queues a run with its scope, creator and a pg-boss job carrying only the run id', async () => {
    const run = await start(leverage('ABC'));
    expect(run).toMatchObject({
      analysisType: 'leverage',
      status: 'queued',
      progress: 0,
      portfolioCodes: ['ABC'],
      asOfDate: '2025-01-02',
      fromDate: null,
      createdBy: { fullName: 'Elif Kaya' },
      attempt: 1,
      result: null,
      durationMs: null,
    });
    const jobs = await api.database.db.execute(
      sql`SELECT data FROM pgboss.job WHERE name = 'analysis'`,
    );
    expect(jobs.rows.map((r) => r.data)).toContainEqual({ runId: run.id });
  });

  it('refuses observers starting, cancelling or re-running runs (403)', async () => {
    const run = await start(leverage('ABC'));
    for (const url of [
      '/api/analyses/runs',
      `/api/analyses/runs/${run.id}/cancel`,
      `/api/analyses/runs/${run.id}/rerun`,
    ]) {
      const response = await api.call('POST', url, { token: observer, body: leverage('ABC') });
      expect(response.statusCode, url).toBe(403);
    }
  });

  it('lets observers read runs and results', async () => {
    const run = await start(leverage('OKU'));
    const response = await api.call('GET', `/api/analyses/runs/${run.id}`, { token: observer });
    expect(response.statusCode).toBe(200);
    expect(response.json<Run>().id).toBe(run.id);
  });

  it('refuses users without the analysis type module (403) and hides their runs from lists', async () => {
    const run = await start(leverage('MOD'));
    const start2 = await api.call('POST', '/api/analyses/runs', {
      token: moduleTwoOnly,
      body: leverage('MOD'),
    });
    expect(start2.statusCode).toBe(403);
    expect(
      (await api.call('GET', `/api/analyses/runs/${run.id}`, { token: moduleTwoOnly })).statusCode,
    ).toBe(403);
    const list = await api.call('GET', '/api/analyses/runs', { token: moduleTwoOnly });
    expect(list.json<RunListResponse>()).toEqual({ total: 0, items: [] });
  });

  it('rejects invalid inputs with Turkish field errors (400) and unknown analysis types', async () => {
    const bad = await api.call('POST', '/api/analyses/runs', {
      token: runner,
      body: { analysisType: 'leverage', inputs: { portfolioCodes: [], asOfDate: '2025-02-30' } },
    });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json<{ errors: Array<{ field: string; message: string }> }>().errors;
    expect(fields.map((e) => e.field).sort()).toEqual(['inputs.asOfDate', 'inputs.portfolioCodes']);
    expect(fields.find((e) => e.field === 'inputs.portfolioCodes')?.message).toBe(
      'en az bir portföy seçilmeli',
    );
    const unknown = await api.call('POST', '/api/analyses/runs', {
      token: runner,
      body: { analysisType: 'yok', inputs: {} },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ errors: Array<{ field: string }> }>().errors[0]?.field).toBe(
      'analysisType',
    );
  });

  it('documents each analysis type: inputs of POST runs and results of GET run by analysisType', async () => {
    const doc = (await api.call('GET', '/api/docs/json')).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const post = JSON.stringify(doc.paths['/api/analyses/runs']?.['post']);
    for (const type of ['var', 'backtest', 'leverage', 'incremental-var']) {
      expect(post, `inputs of ${type}`).toContain(`"enum":["${type}"]`);
    }
    expect(post, 'the var inputs name their fields').toContain('"confidenceLevel"');
    expect(post, 'the incremental-var inputs name their fields').toContain('"trades"');
    const get = JSON.stringify(doc.paths['/api/analyses/runs/{id}']?.['get']);
    expect(get, 'the backtest result').toContain('"hypothetical"');
    expect(get, 'the leverage result').toContain('"commitmentTry"');
    expect(get, 'the var result').toContain('"byAssetClass"');
  });

  it('cancels a queued run at once and refuses to cancel a finished one (409)', async () => {
    const run = await start(leverage('IPTAL'));
    const cancelled = await api.call('POST', `/api/analyses/runs/${run.id}/cancel`, {
      token: runner,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<Run>()).toMatchObject({ status: 'cancelled' });
    const again = await api.call('POST', `/api/analyses/runs/${run.id}/cancel`, { token: runner });
    expect(again.statusCode).toBe(409);
  });

  it('asks the worker to stop a running run', async () => {
    const run = await start(leverage('CALISAN'));
    await api.database.db
      .update(analysisRuns)
      .set({ status: 'running' })
      .where(eq(analysisRuns.id, run.id));
    const response = await api.call('POST', `/api/analyses/runs/${run.id}/cancel`, {
      token: runner,
    });
    expect(response.json<Run>()).toMatchObject({ status: 'running', cancelRequested: true });
  });

  it('serves the result of a done run with its duration; results cannot change and a rerun is a new run', async () => {
    const run = await start(leverage('SONUC'));
    const result = {
      asOfDate: '2025-01-02',
      portfolios: [],
      tables: {
        ozet: {
          title: 'Kaldıraç Özeti',
          columns: [
            { key: 'portfolioCode', label: 'Portföy', format: 'text' },
            { key: 'date', label: 'Tarih', format: 'date' },
            { key: 'exposure', label: 'Risk Tutarı', format: 'money' },
            { key: 'ratio', label: 'Kaldıraç', format: 'percent' },
          ],
          rows: [
            { portfolioCode: 'SONUC', date: '2025-01-02', exposure: 1234567.891, ratio: 0.0512 },
          ],
        },
      },
    };
    await finish(run.id, result);
    const served = await api.call('GET', `/api/analyses/runs/${run.id}`, { token: observer });
    expect(served.headers['content-type']).toMatch(/^application\/json/);
    const done = served.json<Run>();
    expect(done).toMatchObject({ status: 'done', result, engineVersion: '0.1.0' });
    // Written from the stored text (decision 0126), the body is a value of the contract as it
    // stands: nothing its schema would drop or change.
    expect(RunResponseSchema.parse(done)).toEqual(done);
    expect(done.durationMs).toBeGreaterThanOrEqual(1_900);

    // The first read stored the result's text deflated (decision 0129: this run was stored
    // without it); a client that takes gzip now gets one gzip member spliced around it, another
    // the text inflated: the same run either way.
    let kept = await findResultText(api.database.db, run.id);
    for (let i = 0; kept === null && i < 100; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      kept = await findResultText(api.database.db, run.id);
    }
    expect(kept, 'the text is stored after the first read').not.toBeNull();
    const zipped = await api.app.inject({
      method: 'GET',
      url: `/api/analyses/runs/${run.id}`,
      headers: { authorization: `Bearer ${observer}`, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['vary']).toMatch(/accept-encoding/i);
    expect(zipped.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(done);
    const inflated = await api.call('GET', `/api/analyses/runs/${run.id}`, { token: observer });
    expect(inflated.headers['content-encoding']).toBeUndefined();
    expect(inflated.json()).toEqual(done);

    await expect(
      api.database.db
        .update(analysisRuns)
        .set({ result: { tampered: true } })
        .where(eq(analysisRuns.id, run.id)),
      'the database refuses any change to a finished run',
    ).rejects.toThrow();

    const rerun = await api.call('POST', `/api/analyses/runs/${run.id}/rerun`, { token: runner });
    expect(rerun.statusCode).toBe(200);
    const second = rerun.json<Run>();
    expect(second.id).not.toBe(run.id);
    expect(second).toMatchObject({ status: 'queued', inputs: done.inputs, result: null });

    const exported = await api.call('POST', `/api/analyses/runs/${run.id}/export`, {
      token: observer,
      body: { table: 'ozet' },
    });
    expect(exported.statusCode).toBe(200);
    // Named by the analysis's and the table's Turkish titles in ASCII, not their keys.
    expect(exported.headers['content-disposition']).toBe(
      "attachment; filename*=UTF-8''Kaldirac-Analizi_Kaldirac-Ozeti_2025-01-02.xlsx",
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Kaldıraç Özeti');
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Portföy',
      'Tarih',
      'Risk Tutarı',
      'Kaldıraç',
    ]);
    expect(sheet.getCell('C2').value).toBe(1234567.891);
    expect(sheet.getColumn(3).numFmt).toBe('#,##0.00');
    expect(sheet.getColumn(4).numFmt).toBe('0.00%');
    expect(sheet.getColumn(2).numFmt).toBe('dd.mm.yyyy');
    expect(sheet.getCell('B2').value).toEqual(new Date('2025-01-02T00:00:00Z'));

    // Without a table: the whole report, one sheet per result table.
    const report = await api.call('POST', `/api/analyses/runs/${run.id}/export`, {
      token: observer,
      body: {},
    });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-disposition']).toContain('Kaldirac-Analizi_2025-01-02.xlsx');
    const whole = new ExcelJS.Workbook();
    await whole.xlsx.load(report.rawPayload as unknown as ArrayBuffer);
    expect(whole.worksheets.map((w) => w.name)).toEqual(
      Object.values(result.tables).map((t) => t.title),
    );

    const missing = await api.call('POST', `/api/analyses/runs/${run.id}/export`, {
      token: runner,
      body: { table: 'yok' },
    });
    expect(missing.statusCode).toBe(404);
    const notDone = await api.call('POST', `/api/analyses/runs/${second.id}/export`, {
      token: runner,
      body: { table: 'ozet' },
    });
    expect(notDone.statusCode).toBe(409);
  });

  it('serves the input bundle a worker stored with the run; 409 before it is done, 404 without one', async () => {
    const run = await start(leverage('PAKET'));
    const before = await api.call('GET', `/api/analyses/runs/${run.id}/bundle`, {
      token: observer,
    });
    expect(before.statusCode).toBe(409);
    expect(before.json<{ detail: string }>().detail).toBe(
      'Analiz tamamlanmadığı için girdi paketi indirilemez.',
    );
    const result = { asOfDate: '2025-01-02', portfolios: [], tables: {} };
    await finish(run.id, result);
    const missing = await api.call('GET', `/api/analyses/runs/${run.id}/bundle`, {
      token: observer,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ detail: string }>().detail).toContain('girdi paketi yok');

    const data = { holdings: [], markets: [], settings: null, evaluations: [] };
    const json = Buffer.from(JSON.stringify(data));
    await api.database.db
      .insert(analysisRunBundles)
      .values({ runId: run.id, content: gzipSync(json), jsonBytes: json.length });
    const served = await api.call('GET', `/api/analyses/runs/${run.id}/bundle`, {
      token: observer,
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-disposition']).toBe(
      "attachment; filename*=UTF-8''Kaldirac-Analizi_Girdi-Paketi_2025-01-02.json",
    );
    expect(served.json()).toEqual({
      format: 'fonrisk-input-bundle',
      version: 1,
      runId: run.id,
      analysisType: 'leverage',
      engineVersion: '0.1.0',
      dataDates: { marketDataThrough: '2025-01-02' },
      inputs: { portfolioCodes: ['PAKET'], asOfDate: '2025-01-02' },
      parameters: null,
      data,
      result,
    });

    // Decision 0041: the statements the handler ran (version 2), for a type without scenario data.
    const reads = [
      {
        text: 'select 1',
        values: [],
        rowMode: 'array',
        rows: [[1]],
        rowCount: 1,
        command: 'SELECT',
        error: null,
      },
    ];
    const stored = Buffer.from(JSON.stringify({ reads, data: null }));
    await api.database.db
      .update(analysisRunBundles)
      .set({ content: gzipSync(stored), jsonBytes: stored.length })
      .where(eq(analysisRunBundles.runId, run.id));
    const current = await api.call('GET', `/api/analyses/runs/${run.id}/bundle`, {
      token: observer,
    });
    expect(current.statusCode).toBe(200);
    expect(current.json()).toMatchObject({ version: 2, reads, data: null, result });
    expect(current.json<{ snapshot: unknown }>().snapshot, 'stored before decision 0048').toBe(
      null,
    );

    // Decision 0048: the snapshot the reads were answered in.
    const snapshot = { isolation: 'repeatable read', takenAt: '2026-11-27T09:30:00.000000Z' };
    const pinned = Buffer.from(JSON.stringify({ reads, data: null, snapshot }));
    await api.database.db
      .update(analysisRunBundles)
      .set({ content: gzipSync(pinned), jsonBytes: pinned.length })
      .where(eq(analysisRunBundles.runId, run.id));
    const withSnapshot = await api.call('GET', `/api/analyses/runs/${run.id}/bundle`, {
      token: observer,
    });
    expect(withSnapshot.json()).toMatchObject({ version: 2, reads, snapshot });
  });

  it('lists runs newest first without results, filtered by type, portfolio, dates, user and status', async () => {
    const a = await start(leverage('FILTRE1', '2024-06-28'));
    const b = await start({
      analysisType: 'backtest',
      inputs: { portfolioCode: 'FILTRE1', fromDate: '2024-01-01', toDate: '2024-12-31' },
    });
    const c = await start(
      leverage('FILTRE2', '2024-07-01'),
      (await api.login('admin')).accessToken,
    );
    await finish(a.id, { asOfDate: '2024-06-28', portfolios: [], tables: {} });
    const list = async (query: string) => {
      const response = await api.call('GET', `/api/analyses/runs?${query}`, { token: observer });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<RunListResponse>();
    };
    const ids = (r: RunListResponse) => r.items.map((i) => i.id);

    const byPortfolio = await list('portfolioCode=FILTRE1');
    expect(ids(byPortfolio)).toEqual([b.id, a.id]);
    expect(byPortfolio.items.every((i) => !('result' in i))).toBe(true);
    expect(ids(await list('portfolioCode=FILTRE1&analysisType=backtest'))).toEqual([b.id]);
    expect(ids(await list('from=2024-06-29&to=2024-07-05'))).toEqual([c.id, b.id]);
    expect(ids(await list(`createdBy=${c.createdBy.id}&portfolioCode=FILTRE2`))).toEqual([c.id]);
    expect(ids(await list('status=done&portfolioCode=FILTRE1'))).toEqual([a.id]);
    const page = await list('portfolioCode=FILTRE1&limit=1&offset=1');
    expect(page).toMatchObject({ total: 2 });
    expect(ids(page)).toEqual([a.id]);
    expect(
      (await api.call('GET', '/api/analyses/runs?status=bitti', { token: observer })).statusCode,
    ).toBe(400);
  });
});
