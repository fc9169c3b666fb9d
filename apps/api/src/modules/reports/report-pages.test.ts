// Issue 24, "nothing falls off the page": the real first-start demo runs of every analysis type
// (computed by the worker process) and the three shipped templates, each made into a PDF in
// portrait and in landscape. In every PDF no word lies outside its page (poppler's
// pdftotext -bbox, which does not crop), and every figure of every table the API serves for the
// runs the report used is printed whole: in the PDF, or for a detail table of more than 20 rows
// (decision 0067) in the Excel file, the PDF naming the table.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANALYSIS_TYPES,
  SHIPPED_TEMPLATE_KEYS,
  PdfSettingsInputSchema,
  ResultTablesSchema,
  type PdfSettings,
  type Report,
  type ReportTemplate,
  type Run,
} from '@fonrisk/contracts';
import { analysisRuns, eq, type AnalysisRunRow } from '@fonrisk/db';
import { DEMO_EXAMPLE_FUND } from '../../demo/demo-module1-runs.ts';
import { FUND_DEFS } from '../../demo/market/plans.ts';
import { createTestApi, type TestApi } from '../../testing/test-api.ts';
import { finishedRuns } from '../../testing/demo-database.ts';
import { startWorkerProcess, type WorkerProcess } from '../../worker-process.ts';
import { chartToSvg } from './render/charts.ts';
import { formatCell, isNumericFormat } from './render/format.ts';
import { printedInPdf } from './render/pdf-sections.ts';
import { trDates } from './render/provenance.ts';
import { analysisSection } from './report-sections.ts';
import { printable } from './render/table-fit.ts';
import { startReportWorker, type ReportWorker } from './report-worker.ts';
import { pdfLayout, wordsOffPage } from './reports.test-support.ts';

/** A cell or API value as the Excel file holds it, as text (null: an empty cell). */
function excelValue(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'boolean') return value ? 'Evet' : 'Hayır';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

describe('every report fits its pages', { timeout: 900_000 }, () => {
  let api: TestApi;
  let worker: WorkerProcess | null = null;
  let reportWorker: ReportWorker | null = null;
  let admin: string;
  let runner: string;
  let runs: AnalysisRunRow[] = [];

  beforeAll(async () => {
    // The first-start demo with its runs computed by the worker process (DEMO_COMPUTED_SEED).
    api = await createTestApi({ demoRuns: true });
    // The VaR run as a user starts one: through the API, on the leverage demo run's date.
    const [leverage] = await api.database.db
      .select()
      .from(analysisRuns)
      .where(eq(analysisRuns.analysisType, 'leverage'));
    const created = await api.call('POST', '/api/analyses/runs', {
      token: (await api.login('hesaplayici')).accessToken,
      body: {
        analysisType: 'var',
        inputs: { portfolioCodes: [DEMO_EXAMPLE_FUND], asOfDate: leverage!.asOfDate },
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    worker = startWorkerProcess({ databaseUrl: api.database.url, log: () => undefined });
    expect(await worker.ready(60_000)).toBe(true);
    reportWorker = await startReportWorker(api.database.db, {
      log: () => undefined,
      ftp: null,
      schedules: false,
      intervalMs: 3_600_000,
      pollMs: 200,
    });
    await reportWorker.jobs.ready;
    runs = await finishedRuns(api.database.db, 540_000);
    admin = (await api.login('admin')).accessToken;
    runner = (await api.login('hesaplayici')).accessToken;
  }, 720_000);
  afterAll(async () => {
    await reportWorker?.stop();
    await worker?.stop();
    await api.close();
  });

  async function setOrientation(orientation: 'portrait' | 'landscape') {
    const current = (
      await api.call('GET', '/api/pdf-settings', { token: admin })
    ).json<PdfSettings>();
    const saved = await api.call('PUT', '/api/pdf-settings', {
      token: admin,
      body: { ...PdfSettingsInputSchema.parse(current), orientation },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }

  async function makeReport(body: Record<string, unknown>): Promise<Report> {
    const created = await api.call('POST', '/api/reports', { token: admin, body });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json<Report>().id;
    const deadline = Date.now() + 300_000;
    for (;;) {
      const report = (
        await api.call('GET', `/api/reports/${String(id)}`, { token: admin })
      ).json<Report>();
      if (report.status === 'done' || report.status === 'failed' || Date.now() > deadline) {
        expect(report.error, JSON.stringify(body)).toBeNull();
        expect(report.status).toBe('done');
        return report;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  /** The PDF fits its pages and prints every figure of the API tables of the runs it used. */
  async function expectFits(report: Report, label: string) {
    const pdf = await api.call('GET', `/api/reports/${String(report.id)}/pdf`, { token: admin });
    expect(pdf.statusCode).toBe(200);
    const layout = pdfLayout(pdf.rawPayload);
    expect(layout.pages.length, label).toBe(report.files[0]!.pages);
    const off = wordsOffPage(layout);
    expect(
      off.slice(0, 10).map((w) => `s.${String(w.page)} ${w.text} x=${w.xMax.toFixed(0)}`),
      `${label}: ${String(off.length)} words outside the page`,
    ).toEqual([]);
    expect(
      layout.words
        .map((w) => w.text)
        .filter((w) => /\d{4}-\d{2}-\d{2}|[A-Za-z]+=/.test(w))
        .slice(0, 10),
      `${label}: ISO dates or stored keys in the text`,
    ).toEqual([]);
    const words = new Set(layout.words.map((w) => w.text));
    const text = layout.words.map((w) => w.text).join(' ');
    const excel = await excelValues(report);
    for (const used of report.runsUsed) {
      const run = (
        await api.call('GET', `/api/analyses/runs/${used.runId}`, { token: admin })
      ).json<Run>();
      const tables = ResultTablesSchema.parse((run.result as { tables?: unknown }).tables ?? {});
      const missing: string[] = [];
      for (const table of Object.values(tables)) {
        if (!printedInPdf(table)) {
          // A detail table (decision 0067): the PDF names it, the Excel file holds every figure.
          if (!text.includes(`${trDates(table.title)} (`))
            missing.push(`${table.title}: not named in the PDF`);
          for (const row of table.rows)
            for (const column of table.columns) {
              const value = excelValue(row[column.key]);
              if (value !== null && !excel.has(value))
                missing.push(`Excel ${table.title} / ${column.label}: ${value}`);
            }
          continue;
        }
        for (const row of table.rows) {
          for (const column of table.columns) {
            const shown = printable(formatCell(column.format, row[column.key]));
            const whole = isNumericFormat(column.format) || column.format === 'date';
            // Figures and dates never wrap: each is one word. Text may wrap at spaces and slashes.
            const parts = whole ? [shown] : shown.split(/[\s/]+/).filter((p) => p !== '');
            for (const part of parts)
              if (!words.has(part) && !text.includes(part))
                missing.push(`${table.title} / ${column.label}: ${part}`);
          }
        }
      }
      expect(missing.slice(0, 10), `${label}, ${used.analysisType}`).toEqual([]);
    }
  }

  /** Every cell of the report's Excel file as text: numbers exact, dates as YYYY-MM-DD. */
  async function excelValues(report: Report): Promise<Set<string>> {
    const file = await api.call('GET', `/api/reports/${String(report.id)}/xlsx`, { token: admin });
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const values = new Set<string>();
    for (const sheet of book.worksheets)
      sheet.eachRow((row) => {
        row.eachCell((cell) => {
          const value = excelValue(cell.value);
          if (value !== null) values.add(value);
        });
      });
    return values;
  }

  // Issue 24, "the one-fund monthly board report is at most 15 pages", for every demo fund: the
  // holdings tables (decision 0071) and the detail tables (0067) are in the Excel file. The
  // ten-fund report first computes each fund's runs; each one-fund report then reuses them.
  it('makes the one-fund board report of every demo fund in at most 15 pages', async () => {
    await setOrientation('portrait');
    const templates = (await api.call('GET', '/api/report-templates', { token: runner })).json<
      ReportTemplate[]
    >();
    const board = templates.find((t) => t.key === SHIPPED_TEMPLATE_KEYS.boardMonthly)!;
    const asOfDate = runs.find((r) => r.analysisType === 'leverage')!.asOfDate!;
    const funds = FUND_DEFS.map((f) => f.code);
    const all = await makeReport({ templateId: board.id, portfolioCodes: funds, asOfDate });
    expect(all.runsUsed.length).toBeGreaterThanOrEqual(7 * funds.length);
    const long: string[] = [];
    for (const code of funds) {
      const report = await makeReport({ templateId: board.id, portfolioCodes: [code], asOfDate });
      expect(report.runsUsed.length, code).toBeGreaterThanOrEqual(7);
      const pages = report.files[0]!.pages ?? 0;
      if (pages > 15) long.push(`${code}: ${String(pages)} pages`);
      if (code === DEMO_EXAMPLE_FUND) await expectFits(report, `portrait board ${code}`);
    }
    expect(long).toEqual([]);
  });

  // Issue 24, "every analysis section has its charts": the section of the demo run of every type
  // draws at least one chart (the screen's options, decision 0058), each a vector SVG.
  it('draws at least one chart as SVG in the section of every analysis type', () => {
    const types = Object.keys(ANALYSIS_TYPES).sort();
    const counts = types.map((type) => {
      const run = runs.find((r) => r.analysisType === type && r.status === 'done');
      if (!run) return `${type}: no run`;
      const section = analysisSection(type, { kind: 'analysis', analysisType: type }, run, false);
      if (section.kind !== 'analysis') return `${type}: not an analysis section`;
      for (const chart of section.charts)
        expect(chartToSvg(chart, ['#1c7ed6']), `${type}: ${chart.title}`).toMatch(
          /^<svg[\s\S]*<\/svg>$/,
        );
      return `${type}: ${section.charts.length > 0 ? 'charts' : 'none'}`;
    });
    expect(counts).toEqual(types.map((type) => `${type}: charts`));
  });

  for (const orientation of ['portrait', 'landscape'] as const) {
    it(`fits the analysis-based report of every analysis type on ${orientation} pages`, async () => {
      await setOrientation(orientation);
      const types = Object.keys(ANALYSIS_TYPES).sort();
      const done = types.map((type) =>
        runs.find((r) => r.analysisType === type && r.status === 'done'),
      );
      expect(
        types.filter((_, i) => done[i] === undefined),
        'a finished demo run of every type',
      ).toEqual([]);
      for (const run of done) {
        const report = await makeReport({ sourceRunId: run!.id });
        await expectFits(report, `${orientation} ${run!.analysisType}`);
      }
    });

    it(`fits every shipped template on ${orientation} pages`, async () => {
      await setOrientation(orientation);
      const templates = (await api.call('GET', '/api/report-templates', { token: runner })).json<
        ReportTemplate[]
      >();
      const shipped = templates.filter((t) => t.shipped);
      expect(shipped).toHaveLength(3);
      const asOfDate = runs.find((r) => r.analysisType === 'leverage')!.asOfDate!;
      for (const template of shipped) {
        const report = await makeReport({
          templateId: template.id,
          portfolioCodes: [DEMO_EXAMPLE_FUND],
          asOfDate,
        });
        expect(report.runsUsed.length, template.name).toBeGreaterThan(0);
        await expectFits(report, `${orientation} ${template.name}`);
      }
    });
  }
});
