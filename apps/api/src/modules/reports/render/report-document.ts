import type { LogoMimeType, PdfSettingsInput, ResultChart, ResultTable } from '@fonrisk/contracts';

/**
 * What a report contains once its analyses are resolved: the one input of the PDF and Excel
 * renderers (pdf.ts, xlsx.ts), which never read the database themselves (a report's chapters
 * do, when read: {@link ReportChapters}).
 */
export interface ReportDocument {
  readonly title: string;
  /** Template name (cover page). */
  readonly templateName: string;
  /** The report's funds, each "KOD — Fonun tam adı" (cover page). */
  readonly funds: readonly string[];
  /** "31.10.2026" or "01.10.2026 – 31.10.2026". */
  readonly periodLabel: string;
  /** The period's dates (YYYY-MM-DD): its end, and its start for a period report (else null). */
  readonly period?: { readonly from: string | null; readonly to: string } | null;
  readonly generatedAt: Date;
  readonly generatedBy: string;
  readonly demo: boolean;
  /**
   * The one-page summary that opens the report (after the cover): a row per fund of its headline
   * figures (report-summary.ts). Absent or null: no summary page.
   */
  readonly summary?: ResultTable | null;
  readonly chapters: ReportChapters;
  /** Method texts of the analysis types in the report, in order of first appearance. */
  readonly methods: readonly { readonly title: string; readonly text: string }[];
}

/**
 * A report's chapters: how many, and each in order when read. A report's are made as they are
 * read, their runs loaded a chapter at a time (report-assembly.ts, decision 0145): each renderer
 * reads them once, and no more than the chapters it holds is in memory.
 */
export interface ReportChapters {
  readonly count: number;
  read(): AsyncIterable<ReportChapter> | Iterable<ReportChapter>;
}

/** Chapters already made (a template's preview, a test's document). */
export function chaptersOf(list: readonly ReportChapter[]): ReportChapters {
  return { count: list.length, read: () => list };
}

/** One portfolio's part of the report (or the whole report when it has no portfolio). */
export interface ReportChapter {
  readonly heading: string;
  readonly sections: readonly RenderedSection[];
}

/** Where an analysis section's figures come from (issue 6's reproducibility). */
export interface SectionProvenance {
  readonly runId: string;
  /** The portfolios the run computed (the data dates print only theirs). */
  readonly portfolioCodes: readonly string[];
  readonly engineVersion: string | null;
  readonly finishedAt: string | null;
  /** The data dates the run used (holdings dates, market data through...). */
  readonly dataSnapshot: Readonly<Record<string, unknown>> | null;
  /** The resolved conventions and parameters of the result (`result.parameters`), if any. */
  readonly conventions: Readonly<Record<string, unknown>> | null;
  readonly reused: boolean;
}

export type RenderedSection =
  | {
      readonly kind: 'analysis';
      readonly title: string;
      readonly analysisType: string;
      readonly provenance: SectionProvenance;
      readonly tables: readonly ResultTable[];
      readonly charts: readonly ResultChart[];
      /**
       * The charts of single instruments a section of several portfolios leaves out (how many,
       * and what they show): they are on the result screen, one per bond.
       */
      readonly instrumentCharts?: { readonly count: number; readonly kinds: readonly string[] };
    }
  | { readonly kind: 'text'; readonly title: string | null; readonly text: string }
  | { readonly kind: 'pageBreak' }
  /** A section that could not be filled: its reason is printed in its place. */
  | { readonly kind: 'note'; readonly title: string; readonly note: string }
  | { readonly kind: 'table'; readonly title: string; readonly table: ResultTable };

/** Branding as the renderers need it: the settings plus the logo bytes. */
export interface Branding {
  readonly settings: PdfSettingsInput;
  readonly logo: { readonly mimeType: LogoMimeType; readonly data: Buffer } | null;
}
