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
import { methodText } from './report-methods.ts';
import { slotKey, type ResolvedRuns, type TemplateSnapshot } from './report-run-resolution.ts';
import { analysisSection } from './report-sections.ts';
import { summaryTable, type SummaryFund } from './report-summary.ts';

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
  readonly resolved: ResolvedRuns;
  readonly runs: ReadonlyMap<string, AnalysisRunRow>;
  readonly branding: Branding;
  readonly generatedAt: Date;
}

/**
 * The report's document from its template: per chapter the text sections with their placeholders
 * filled, the limit-breach sections, the analysis sections of their runs (or the note why one
 * could not be filled), and the method texts of the analysis types used.
 */
export async function assembleReportDocument(
  db: Database,
  input: AssemblyInput,
): Promise<ReportDocument> {
  const { row, snapshot, chapterCodes, sourceRun, names, resolved, runs, branding, generatedAt } =
    input;
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
  const chapters: ReportChapter[] = [];
  const usedTypes: string[] = [];
  const summaryFunds: SummaryFund[] = [];
  for (const [chapter, code] of chapterCodes.entries()) {
    const sections: RenderedSection[] = [];
    for (const [index, section] of snapshot.sections.entries()) {
      const key = slotKey(chapter, index);
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
            code ?? sourceRun?.portfolioCodes[0] ?? null,
            row,
          )),
        );
      } else {
        const note = resolved.notes.get(key);
        const title =
          section.title ?? findAnalysisType(section.analysisType)?.title ?? section.analysisType;
        if (note !== undefined) {
          sections.push({ kind: 'note', title, note });
          continue;
        }
        const slot = resolved.slots.find((s) => s.chapter === chapter && s.index === index)!;
        const run = runs.get(slot.runId)!;
        sections.push(analysisSection(title, section, run, slot.reused, currentCharts));
        if (!usedTypes.includes(run.analysisType)) usedTypes.push(run.analysisType);
      }
    }
    const heading =
      code === null
        ? `${findAnalysisType(sourceRun?.analysisType ?? '')?.title ?? 'Analiz'} — ${runFundsHeading(codesOf(null), fundLabel)}`
        : fundLabel(code);
    chapters.push({ heading, sections });
    if (code !== null) summaryFunds.push(summaryFund(code, fundLabel(code), chapter, sections));
  }

  /** A fund's summary row: the runs of its chapter and its breaches open on the last date. */
  function summaryFund(
    code: string,
    label: string,
    chapter: number,
    sections: readonly RenderedSection[],
  ): SummaryFund {
    const lastDate = row.asOfDate ?? row.toDate;
    const breachTables = snapshot.sections.some((s) => s.kind === 'limitBreaches')
      ? sections.flatMap((s) => (s.kind === 'table' ? [s.table] : []))
      : null;
    return {
      code,
      label,
      runs: resolved.slots
        .filter((s) => s.chapter === chapter)
        .map((s) => runs.get(s.runId))
        .filter((r): r is AnalysisRunRow => r !== undefined),
      openBreaches:
        breachTables === null || lastDate === null
          ? null
          : breachTables.flatMap((t) => t.rows).filter((r) => r.date === lastDate).length,
    };
  }

  const periodRow = sourceRun && row.sourceRunId ? sourceRun : row;
  const periodEnd = periodRow.asOfDate ?? periodRow.toDate;
  const doc: ReportDocument = {
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
    summary: summaryTable(summaryFunds),
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
  return doc;
}
