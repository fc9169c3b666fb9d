import {
  AUDIT_STATUS_LABELS,
  InternalAuditResultSchema,
  LIMIT_STATUS_LABELS,
  ReportSectionSchema,
  ResultChartsSchema,
  ResultTablesSchema,
  VAR_POINT_COLUMNS,
  VarPointSchema,
  col,
  findAnalysisType,
  formatAuditValue,
  formatLimit,
  RunLane,
  type LimitStatus,
  type ReportFile,
  type ReportRunUsed,
  type ReportSection,
  type ResultColumn,
  type ResultTable,
} from '@fonrisk/contracts';
import {
  eq,
  inArray,
  portfolios,
  reports,
  sql,
  users,
  type AnalysisRunRow,
  type Database,
  type ReportRow,
} from '@fonrisk/db';
import { z } from 'zod';
import { queueRun, type RunQueue } from '../analyses/run-queue.ts';
import { loadBranding } from './pdf-settings.service.ts';
import { renderReportPdf } from './render/pdf.ts';
import { fillPlaceholders, formatDateTime, formatIsoDate } from './render/format.ts';
import type { RenderedSection, ReportChapter, ReportDocument } from './render/report-document.ts';
import { renderReportXlsx } from './render/xlsx.ts';
import { methodText } from './report-methods.ts';
import { writeReportFiles } from './report-files.ts';
import { planSection } from './report-section-plan.ts';
import {
  doneRunsInRange,
  findReportRow,
  findRunsByIds,
  setProgress,
} from './reports.repository.ts';
import { ReportGenerationError } from './reports.errors.ts';

export interface GeneratorDeps {
  readonly db: Database;
  readonly queue: RunQueue;
  /** How often the report looks at the analyses it waits for (500 ms). */
  readonly pollMs?: number;
  /** Longest wait for the analyses of one report (30 min). */
  readonly runWaitMs?: number;
}

/** The template as stored on the report when it was requested. */
const SnapshotSchema = z.object({
  name: z.string(),
  sections: z.array(ReportSectionSchema),
  includeMethods: z.boolean().default(true),
});

/** One analysis section of one portfolio, with the run that fills it. */
interface Slot {
  readonly chapter: number;
  readonly index: number;
  readonly section: Extract<ReportSection, { kind: 'analysis' }>;
  readonly portfolioCode: string | null;
  runId: string;
  reused: boolean;
}

export function periodLabel(row: Pick<ReportRow, 'asOfDate' | 'fromDate' | 'toDate'>): string {
  if (row.asOfDate) return formatIsoDate(row.asOfDate);
  if (row.fromDate && row.toDate)
    return `${formatIsoDate(row.fromDate)} – ${formatIsoDate(row.toDate)}`;
  return '–';
}

/** A file name from a title: ASCII letters, digits and dashes. */
export function fileStem(title: string, row: Pick<ReportRow, 'id'>): string {
  const ascii = title
    .replace(/ğ/g, 'g')
    .replace(/Ğ/g, 'G')
    .replace(/ş/g, 's')
    .replace(/Ş/g, 'S')
    .replace(/ı/g, 'i')
    .replace(/İ/g, 'I')
    .replace(/ö/g, 'o')
    .replace(/Ö/g, 'O')
    .replace(/ü/g, 'u')
    .replace(/Ü/g, 'U')
    .replace(/ç/g, 'c')
    .replace(/Ç/g, 'C')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
  return `${ascii || 'Rapor'}_${String(row.id)}`;
}

/**
 * Produces one report (docs/decisions/0032-report-engine.md): resolves each analysis section to a
 * finished run of that portfolio and date (reused) or starts it, waits for the runs with progress,
 * renders the PDF and the workbook and stores them with the runs used and the 'done' status in
 * one transaction.
 * Throws ReportGenerationError with the Turkish reason.
 */
export async function generateReport(deps: GeneratorDeps, reportId: number): Promise<void> {
  const { db } = deps;
  const row = await findReportRow(db, reportId);
  if (!row) return;
  const snapshot = SnapshotSchema.parse(row.templateSnapshot);
  const owner =
    row.ownerId === null
      ? null
      : ((await db.select().from(users).where(eq(users.id, row.ownerId)))[0] ?? null);
  const allowed = (module: number | null) =>
    owner === null || module === null
      ? true
      : (owner.modules as readonly number[]).includes(module);

  await setProgress(db, reportId, 0.02, 'Analizler belirleniyor');
  const names = new Map(
    (
      await db
        .select({ code: portfolios.code, name: portfolios.name })
        .from(portfolios)
        .where(inArray(portfolios.code, row.portfolioCodes.length ? row.portfolioCodes : ['']))
    ).map((p) => [p.code, p.name]),
  );

  // Chapters: one per portfolio (or one for an analysis-based report).
  const chapterCodes: (string | null)[] =
    row.sourceRunId !== null ? [null] : row.portfolioCodes.map((c) => c);
  const slots: Slot[] = [];
  const notes = new Map<string, string>();
  const sourceRun = row.sourceRunId ? await findRunsByIds(db, [row.sourceRunId]) : [];

  for (const [chapter, code] of chapterCodes.entries()) {
    for (const [index, section] of snapshot.sections.entries()) {
      if (section.kind !== 'analysis') continue;
      const key = `${String(chapter)}:${String(index)}`;
      const plan = await planSection(db, { section, code, source: sourceRun[0], row, allowed });
      switch (plan.kind) {
        case 'note':
          notes.set(key, plan.text);
          break;
        case 'invalid':
          throw new ReportGenerationError(plan.message);
        case 'reuse':
          slots.push({
            chapter,
            index,
            section,
            portfolioCode: plan.portfolioCode,
            runId: plan.runId,
            reused: true,
          });
          break;
        case 'start': {
          // A scheduled or demo report is batch work; a report a user asked for now is theirs.
          const lane = row.scheduleId !== null || row.demo ? RunLane.Batch : RunLane.Interactive;
          const run = await db.transaction((tx) =>
            queueRun(tx, deps.queue, {
              analysisType: plan.type.id,
              inputs: plan.inputs,
              requester: { userId: row.ownerId, name: row.ownerName },
              lane,
            }),
          );
          slots.push({
            chapter,
            index,
            section,
            portfolioCode: plan.portfolioCode,
            runId: run.id,
            reused: false,
          });
        }
      }
    }
  }

  const runs = await waitForRuns(deps, reportId, [...new Set(slots.map((s) => s.runId))]);
  for (const slot of slots) {
    const run = runs.get(slot.runId)!;
    if (run.status !== 'done') {
      const title =
        slot.section.title ?? findAnalysisType(run.analysisType)?.title ?? run.analysisType;
      throw new ReportGenerationError(
        `"${title}" bölümünün analizi (${slot.portfolioCode ?? run.portfolioCodes.join(', ')}) ${run.status === 'cancelled' ? 'iptal edildi' : 'başarısız oldu'}: ${run.error ?? 'neden bilinmiyor'}`,
      );
    }
  }

  await setProgress(db, reportId, 0.82, 'PDF ve Excel hazırlanıyor');
  const branding = await loadBranding(db);
  const codesOf = (c: string | null): readonly string[] =>
    c === null ? (sourceRun[0]?.portfolioCodes ?? []) : [c];
  const fundNames = chapterCodes.map((c) =>
    codesOf(c)
      .map((code) => names.get(code) ?? code)
      .join(', '),
  );
  /** "DEF — Defne Hisse Senedi Fonu": the code beside the full name. */
  const fundLabel = (code: string) => {
    const name = names.get(code);
    return name === undefined || name === code ? code : `${code} — ${name}`;
  };
  const generatedAt = new Date();
  const placeholders = (chapter: number): Record<string, string> => ({
    fonAdi: fundNames[chapter] ?? '',
    fonKodu: chapterCodes[chapter] ?? (sourceRun[0]?.portfolioCodes ?? []).join(', '),
    tarih: periodLabel(sourceRun[0] && row.sourceRunId ? sourceRun[0] : row),
    donemBaslangic: row.fromDate ? formatIsoDate(row.fromDate) : '',
    donemBitis: row.toDate ? formatIsoDate(row.toDate) : '',
    sirketAdi: branding.settings.companyName,
    kullanici: row.ownerName,
    olusturmaZamani: formatDateTime(generatedAt),
  });

  const chapters: ReportChapter[] = [];
  const usedTypes: string[] = [];
  for (const [chapter, code] of chapterCodes.entries()) {
    const sections: RenderedSection[] = [];
    for (const [index, section] of snapshot.sections.entries()) {
      const key = `${String(chapter)}:${String(index)}`;
      if (section.kind === 'pageBreak') sections.push({ kind: 'pageBreak' });
      else if (section.kind === 'text') {
        sections.push({
          kind: 'text',
          title: section.title ? fillPlaceholders(section.title, placeholders(chapter)) : null,
          text: fillPlaceholders(section.text, placeholders(chapter)),
        });
      } else if (section.kind === 'limitBreaches') {
        sections.push(
          ...(await limitBreachSections(
            db,
            section.title ?? 'Limit Aşımları',
            code ?? sourceRun[0]?.portfolioCodes[0] ?? null,
            row,
          )),
        );
      } else {
        const note = notes.get(key);
        const title =
          section.title ?? findAnalysisType(section.analysisType)?.title ?? section.analysisType;
        if (note !== undefined) {
          sections.push({ kind: 'note', title, note });
          continue;
        }
        const slot = slots.find((s) => s.chapter === chapter && s.index === index)!;
        const run = runs.get(slot.runId)!;
        sections.push(analysisSection(title, section, run, slot.reused));
        if (!usedTypes.includes(run.analysisType)) usedTypes.push(run.analysisType);
      }
    }
    const heading =
      code === null
        ? `${findAnalysisType(sourceRun[0]?.analysisType ?? '')?.title ?? 'Analiz'} — ${codesOf(null).map(fundLabel).join(', ')}`
        : fundLabel(code);
    chapters.push({ heading, sections });
  }

  const doc: ReportDocument = {
    title: row.title,
    templateName: snapshot.name,
    funds: [...new Set(chapterCodes.flatMap(codesOf))].map(fundLabel),
    periodLabel: placeholders(0).tarih ?? '',
    generatedAt,
    generatedBy: row.ownerName,
    demo: row.demo,
    chapters,
    methods: snapshot.includeMethods
      ? usedTypes.map((t) => ({
          title: findAnalysisType(t)?.title ?? t,
          text: methodText(
            t,
            [...runs.values()].filter((r) => r.analysisType === t),
          ),
        }))
      : [],
  };
  const pdf = await renderReportPdf(doc, branding);
  await setProgress(db, reportId, 0.92, 'Excel hazırlanıyor');
  const xlsx = await renderReportXlsx(doc, branding);

  const stem = fileStem(row.title, row);
  const files: ReportFile[] = [
    { format: 'pdf', fileName: `${stem}.pdf`, sizeBytes: pdf.data.length, pages: pdf.pages },
    { format: 'xlsx', fileName: `${stem}.xlsx`, sizeBytes: xlsx.length, pages: null },
  ];

  const runsUsed: ReportRunUsed[] = [];
  for (const slot of slots) {
    if (runsUsed.some((r) => r.runId === slot.runId)) continue;
    const run = runs.get(slot.runId)!;
    runsUsed.push({
      runId: run.id,
      analysisType: run.analysisType,
      portfolioCodes: run.portfolioCodes,
      reused: slot.reused,
    });
  }
  // Whole or absent: the files and the 'done' status commit together.
  await db.transaction(async (tx) => {
    await writeReportFiles(tx, reportId, [
      { fileName: files[0]!.fileName, data: pdf.data },
      { fileName: files[1]!.fileName, data: xlsx },
    ]);
    await tx
      .update(reports)
      .set({
        status: 'done',
        progress: 1,
        progressMessage: 'Hazır',
        files,
        runsUsed,
        error: null,
        finishedAt: sql`now()`,
      })
      .where(eq(reports.id, reportId));
  });
}

/** Waits until every run is final, reporting how many are done as the report's progress. */
async function waitForRuns(
  deps: GeneratorDeps,
  reportId: number,
  ids: readonly string[],
): Promise<Map<string, AnalysisRunRow>> {
  const deadline = Date.now() + (deps.runWaitMs ?? 30 * 60_000);
  for (;;) {
    const rows = await findRunsByIds(deps.db, ids);
    const final = rows.filter((r) => ['done', 'failed', 'cancelled'].includes(r.status));
    if (final.length === ids.length) return new Map(rows.map((r) => [r.id, r]));
    if (Date.now() > deadline) {
      throw new ReportGenerationError(
        'Rapor için gereken analizler zamanında bitmedi; hesaplama servisinin çalıştığını kontrol edip yeniden oluşturun.',
      );
    }
    await setProgress(
      deps.db,
      reportId,
      0.1 + 0.7 * (final.length / ids.length),
      `Analizler hesaplanıyor (${String(final.length)} / ${String(ids.length)})`,
    );
    await new Promise((resolve) => setTimeout(resolve, deps.pollMs ?? 500));
  }
}

export function analysisSection(
  title: string,
  section: Extract<ReportSection, { kind: 'analysis' }>,
  run: AnalysisRunRow,
  reused: boolean,
): RenderedSection {
  const result = run.result ?? {};
  const tables = ResultTablesSchema.safeParse(result.tables).data ?? {};
  const charts = ResultChartsSchema.safeParse(result.charts).data ?? {};
  const pick = <T>(all: Record<string, T>, names: readonly string[] | undefined): T[] =>
    names === undefined
      ? Object.values(all)
      : names.map((n) => all[n]).filter((x): x is T => x !== undefined);
  const parameters = result.parameters;
  return {
    kind: 'analysis',
    title,
    analysisType: run.analysisType,
    provenance: {
      runId: run.id,
      portfolioCodes: run.portfolioCodes,
      engineVersion: run.engineVersion,
      finishedAt: run.finishedAt ? run.finishedAt.toISOString() : null,
      dataSnapshot: run.dataSnapshot,
      conventions:
        typeof parameters === 'object' && parameters !== null && !Array.isArray(parameters)
          ? (parameters as Record<string, unknown>)
          : null,
      reused,
    },
    tables: pick(tables, section.tables),
    charts: pick(charts, section.charts),
  };
}

/** Columns of the internal-audit part of the limit-breach section (as the audit's own table). */
export const AUDIT_BREACH_COLUMNS: ResultColumn[] = [
  col('date', 'Tarih', 'date'),
  col('criterionCode', 'Kriter Kodu', 'text'),
  col('criterionName', 'Kriter', 'text'),
  col('limitText', 'Limit', 'text'),
  col('valueText', 'Gerçekleşen Değer', 'text'),
  col('statusLabel', 'Durum', 'text'),
  col('failingDays', 'Aykırı Gün Sayısı', 'number'),
];

/** The report's period: a date report covers its month up to the date. */
function breachPeriod(
  row: Pick<ReportRow, 'asOfDate' | 'fromDate' | 'toDate'>,
): { from: string; to: string } | null {
  const to = row.asOfDate ?? row.toDate;
  if (to === null) return null;
  return { from: row.asOfDate ? `${row.asOfDate.slice(0, 8)}01` : row.fromDate!, to };
}

/**
 * The limit-breach section of a portfolio in the report's period: every tracked limit, i.e. the
 * RMD (VaR limit) breaches and warnings of the finished 'var' runs' daily points (latest run per
 * date) and the investment-limit (yatırım sınırlamaları) breaches and warnings of the latest
 * finished internal-audit runs (latest run per date and criterion: criterion, limit, actual
 * value, status). One part each, a note when a part has nothing to list.
 */
export async function limitBreachSections(
  db: Database,
  title: string,
  code: string | null,
  row: Pick<ReportRow, 'asOfDate' | 'fromDate' | 'toDate'>,
): Promise<RenderedSection[]> {
  const period = breachPeriod(row);
  if (code === null || period === null)
    return [{ kind: 'note', title, note: 'Portföy veya tarih yok.' }];
  return [
    await varBreachPart(db, title, code, period),
    await auditBreachPart(db, `${title} — Yatırım Sınırlamaları`, code, period),
  ];
}

async function varBreachPart(
  db: Database,
  title: string,
  code: string,
  { from, to }: { from: string; to: string },
): Promise<RenderedSection> {
  const byDate = new Map<string, Record<string, unknown>>();
  for (const run of await doneRunsInRange(db, 'var', code, from, to)) {
    const series = z.array(VarPointSchema).safeParse(run.result?.series).data ?? [];
    for (const point of series) {
      if (point.portfolioCode !== code || point.date < from || point.date > to) continue;
      if (byDate.has(point.date)) continue;
      if (point.status === 'breach' || point.status === 'warning') {
        byDate.set(point.date, {
          ...point,
          statusLabel: LIMIT_STATUS_LABELS[point.status as LimitStatus],
        });
      }
    }
  }
  const rows = [...byDate.values()].sort((a, b) => String(a.date).localeCompare(String(b.date)));
  if (rows.length === 0) {
    return {
      kind: 'note',
      title,
      note: `${formatIsoDate(from)} – ${formatIsoDate(to)} döneminde hesaplanmış RMD analizlerinde limit aşımı veya uyarı yok.`,
    };
  }
  const table: ResultTable = {
    title: `${code} RMD limit aşımları ve uyarılar`,
    columns: VAR_POINT_COLUMNS,
    rows,
  };
  return { kind: 'table', title, table };
}

async function auditBreachPart(
  db: Database,
  title: string,
  code: string,
  { from, to }: { from: string; to: string },
): Promise<RenderedSection> {
  const seen = new Set<string>();
  const rows: Record<string, unknown>[] = [];
  let audited = 0;
  for (const run of await doneRunsInRange(db, 'internal-audit', code, from, to)) {
    const result = InternalAuditResultSchema.safeParse(run.result).data;
    if (!result) continue;
    audited += 1;
    const criteria = new Map(result.criteria.map((c) => [c.code, c]));
    for (const line of result.lines) {
      if (line.portfolioCode !== code || line.date < from || line.date > to) continue;
      const key = `${line.date}|${line.criterionCode}`;
      // Latest run first: an earlier run of the same date and criterion is superseded.
      if (seen.has(key)) continue;
      seen.add(key);
      if (line.status === 'pass') continue;
      const criterion = criteria.get(line.criterionCode);
      rows.push({
        date: line.date,
        criterionCode: line.criterionCode,
        criterionName: criterion?.name ?? line.criterionCode,
        limitText: criterion ? formatLimit(criterion.comparison, criterion.unit) : '—',
        valueText: criterion ? formatAuditValue(line.value, criterion.unit) : String(line.value),
        statusLabel: AUDIT_STATUS_LABELS[line.status],
        failingDays: line.failingDays,
      });
    }
  }
  rows.sort(
    (a, b) =>
      String(a.date).localeCompare(String(b.date)) ||
      String(a.criterionCode).localeCompare(String(b.criterionCode)),
  );
  if (rows.length === 0) {
    return {
      kind: 'note',
      title,
      note:
        audited === 0
          ? `${formatIsoDate(from)} – ${formatIsoDate(to)} döneminde bu portföy için tamamlanmış iç denetim (yatırım sınırlamaları denetimi) yok.`
          : `${formatIsoDate(from)} – ${formatIsoDate(to)} döneminin iç denetimlerinde yatırım sınırlaması aşımı veya uyarısı yok.`,
    };
  }
  const table: ResultTable = {
    title: `${code} yatırım sınırlaması aşımları ve uyarılar`,
    columns: AUDIT_BREACH_COLUMNS,
    rows,
  };
  return { kind: 'table', title, table };
}
