import { findAnalysisType } from '@fonrisk/contracts';
import {
  inArray,
  portfolios,
  readVarSettings,
  type AnalysisRunRow,
  type Database,
  type ReportRow,
} from '@fonrisk/db';
import { fillPlaceholders, formatDateTime, formatIsoDate } from './render/format.ts';
import type {
  Branding,
  RenderedSection,
  ReportChapter,
  ReportDocument,
} from './render/report-document.ts';
import { limitBreachSections } from './limit-breach-sections.ts';
import { MethodTexts } from './report-methods.ts';
import {
  slotKey,
  type ResolvedRuns,
  type Slot,
  type TemplateSnapshot,
} from './report-run-resolution.ts';
import { analysisSection } from './report-sections.ts';
import { summaryTable, summaryRow, type SummaryFigures } from './report-summary.ts';
import { findRunsByIds } from './reports.repository.ts';

/** Funds a run's chapter heading names with their names; beyond them the rest are counted. */
export const HEADING_FUNDS = 3;

/**
 * The funds of an analysis-based report's chapter heading: each with its name up to
 * HEADING_FUNDS, else the first codes and how many more ("NF000, NF001, NF002 ve 97 portföy
 * daha"): a run of a hundred funds named them all, a page of heading and of contents.
 */
export function runFundsHeading(codes: readonly string[], label: (code: string) => string): string {
  if (codes.length <= HEADING_FUNDS) return codes.map(label).join(', ');
  return `${codes.slice(0, HEADING_FUNDS).join(', ')} ve ${String(codes.length - HEADING_FUNDS)} portföy daha`;
}

export function periodLabel(row: Pick<ReportRow, 'asOfDate' | 'fromDate' | 'toDate'>): string {
  if (row.asOfDate) return formatIsoDate(row.asOfDate);
  if (row.fromDate && row.toDate)
    return `${formatIsoDate(row.fromDate)} – ${formatIsoDate(row.toDate)}`;
  return '–';
}

/** The full names of the portfolios, by code. */
export async function loadFundNames(
  db: Database,
  codes: readonly string[],
): Promise<Map<string, string>> {
  return new Map(
    (
      await db
        .select({ code: portfolios.code, name: portfolios.name })
        .from(portfolios)
        .where(inArray(portfolios.code, codes.length ? [...codes] : ['']))
    ).map((p) => [p.code, p.name]),
  );
}

/** Everything the document of one report is assembled from. */
export interface AssemblyInput {
  readonly row: ReportRow;
  readonly snapshot: TemplateSnapshot;
  /** One chapter per portfolio, or one (null) for an analysis-based report. */
  readonly chapterCodes: readonly (string | null)[];
  readonly sourceRun: AnalysisRunRow | undefined;
  readonly names: ReadonlyMap<string, string>;
  /** The runs of the sections (finished: their results are loaded a chapter at a time). */
  readonly resolved: ResolvedRuns;
  readonly branding: Branding;
  readonly generatedAt: Date;
  /** Loads runs with their results, a chapter's at a time (findRunsByIds; a test sees when). */
  readonly loadRuns?: (ids: readonly string[]) => Promise<AnalysisRunRow[]>;
}

/**
 * The report's document from its template: per chapter the text sections with their placeholders
 * filled, the limit-breach sections, the analysis sections of their runs (or the note why one
 * could not be filled), and the method texts of the analysis types used.
 *
 * A chapter is made when a renderer reads it, from its own runs loaded then (decision 0145): a
 * hundred funds' 700 results and the tables and charts made of them (0.35 GB) are never in memory
 * at once. The summary and the method texts are read before, in one pass over the chapters' runs
 * that keeps of each fund its summary row and of each run its method sentences.
 */
export async function assembleReportDocument(
  db: Database,
  input: AssemblyInput,
): Promise<ReportDocument> {
  const { row, snapshot, chapterCodes, sourceRun, names, resolved, branding, generatedAt } = input;
  const loadRuns = input.loadRuns ?? ((ids) => findRunsByIds(db, ids));
  const codesOf = (c: string | null): readonly string[] =>
    c === null ? (sourceRun?.portfolioCodes ?? []) : [c];
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
  const placeholders = (chapter: number): Record<string, string> => ({
    fonAdi: fundNames[chapter] ?? '',
    fonKodu: chapterCodes[chapter] ?? (sourceRun?.portfolioCodes ?? []).join(', '),
    tarih: periodLabel(sourceRun && row.sourceRunId ? sourceRun : row),
    donemBaslangic: row.fromDate ? formatIsoDate(row.fromDate) : '',
    donemBitis: row.toDate ? formatIsoDate(row.toDate) : '',
    sirketAdi: branding.settings.companyName,
    kullanici: row.ownerName,
    olusturmaZamani: formatDateTime(generatedAt),
  });

  const varSettings = (await readVarSettings(db)).settings;
  const currentCharts = { varWarningFraction: varSettings.warningThresholdPct / 100 };
  /** Each chapter's slots, by the index of their section. */
  const slotsOf = chapterCodes.map(() => new Map<number, Slot>());
  for (const slot of resolved.slots) slotsOf[slot.chapter]!.set(slot.index, slot);
  /** A chapter's runs with their results, in the order of its sections. */
  const chapterRuns = async (chapter: number): Promise<AnalysisRunRow[]> => {
    const slots = [...slotsOf[chapter]!.values()].sort((a, b) => a.index - b.index);
    const loaded = new Map(
      (await loadRuns([...new Set(slots.map((s) => s.runId))])).map((r) => [r.id, r]),
    );
    return slots.map((s) => loaded.get(s.runId)!);
  };
  const breachSections = (chapter: number, title: string | null | undefined) =>
    limitBreachSections(
      db,
      title ?? 'Limit Aşımları',
      chapterCodes[chapter] ?? sourceRun?.portfolioCodes[0] ?? null,
      row,
    );

  async function makeChapter(chapter: number): Promise<ReportChapter> {
    const code = chapterCodes[chapter] ?? null;
    const runs = new Map((await chapterRuns(chapter)).map((r) => [r.id, r]));
    const sections: RenderedSection[] = [];
    for (const [index, section] of snapshot.sections.entries()) {
      if (section.kind === 'pageBreak') sections.push({ kind: 'pageBreak' });
      else if (section.kind === 'text') {
        sections.push({
          kind: 'text',
          title: section.title ? fillPlaceholders(section.title, placeholders(chapter)) : null,
          text: fillPlaceholders(section.text, placeholders(chapter)),
        });
      } else if (section.kind === 'limitBreaches') {
        sections.push(...(await breachSections(chapter, section.title)));
      } else {
        const title =
          section.title ?? findAnalysisType(section.analysisType)?.title ?? section.analysisType;
        const note = resolved.notes.get(slotKey(chapter, index));
        if (note !== undefined) {
          sections.push({ kind: 'note', title, note });
          continue;
        }
        const slot = slotsOf[chapter]!.get(index)!;
        sections.push(
          analysisSection(title, section, runs.get(slot.runId)!, slot.reused, currentCharts),
        );
      }
    }
    const heading =
      code === null
        ? `${findAnalysisType(sourceRun?.analysisType ?? '')?.title ?? 'Analiz'} — ${runFundsHeading(codesOf(null), fundLabel)}`
        : fundLabel(code);
    return { heading, sections };
  }

  // The summary's rows and the method texts: the chapters' runs read once, a chapter at a time.
  const lastDate = row.asOfDate ?? row.toDate;
  const breachTitles = snapshot.sections.flatMap((s) =>
    s.kind === 'limitBreaches' ? [s.title ?? null] : [],
  );
  const summaryRows: SummaryFigures[] = [];
  const methods = new MethodTexts();
  for (const [chapter, code] of chapterCodes.entries()) {
    const runs = await chapterRuns(chapter);
    for (const run of runs) methods.add(run);
    if (code === null) continue;
    let openBreaches: number | null = null;
    if (breachTitles.length > 0 && lastDate !== null) {
      // Limits in breach or warning on the report's last date, in its limit-breach sections.
      openBreaches = 0;
      for (const title of breachTitles)
        for (const section of await breachSections(chapter, title))
          if (section.kind === 'table')
            openBreaches += section.table.rows.filter((r) => r.date === lastDate).length;
    }
    summaryRows.push(summaryRow({ code, label: fundLabel(code), runs, openBreaches }));
  }

  const periodRow = sourceRun && row.sourceRunId ? sourceRun : row;
  const periodEnd = periodRow.asOfDate ?? periodRow.toDate;
  return {
    title: row.title,
    templateName: snapshot.name,
    funds: [...new Set(chapterCodes.flatMap(codesOf))].map(fundLabel),
    periodLabel: placeholders(0).tarih ?? '',
    period:
      periodEnd === null
        ? null
        : { from: periodRow.asOfDate ? null : periodRow.fromDate, to: periodEnd },
    generatedAt,
    generatedBy: row.ownerName,
    demo: row.demo,
    summary: summaryTable(summaryRows),
    chapters: {
      count: chapterCodes.length,
      async *read() {
        for (const chapter of chapterCodes.keys()) yield await makeChapter(chapter);
      },
    },
    methods: snapshot.includeMethods ? methods.texts() : [],
  };
}
