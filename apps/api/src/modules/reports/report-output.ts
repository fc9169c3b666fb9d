import { fileNameStem, type ReportFile, type ReportRunUsed } from '@fonrisk/contracts';
import { eq, reports, sql, type AnalysisRunRow, type Database, type ReportRow } from '@fonrisk/db';
import { releaseHeapSoon } from '../../shared/release-heap.ts';
import { renderReportPdf } from './render/pdf.ts';
import type { Branding, ReportDocument } from './render/report-document.ts';
import { renderReportXlsx } from './render/xlsx.ts';
import { writeReportFiles } from './report-files.ts';
import type { Slot } from './report-run-resolution.ts';
import { setProgress } from './reports.repository.ts';

/** A file name from a title (`fileNameStem`, at most 80 characters) and the report's number. */
export function fileStem(title: string, row: Pick<ReportRow, 'id'>): string {
  const ascii = fileNameStem(title).slice(0, 80).replace(/-$/, '');
  return `${ascii || 'Rapor'}_${String(row.id)}`;
}

/** What makes a report's two files from its document. */
export interface ReportRenderers {
  readonly pdf: typeof renderReportPdf;
  readonly xlsx: typeof renderReportXlsx;
}

const RENDERERS: ReportRenderers = { pdf: renderReportPdf, xlsx: renderReportXlsx };

/** The report's progress while its PDF is made: from its document's to the workbook's. */
export const PDF_PROGRESS = { from: 0.82, to: 0.92 } as const;

/**
 * Renders the PDF and the workbook of the document and stores them with the runs used and the
 * 'done' status in one transaction (whole or absent).
 */
export async function renderAndStoreReport(
  db: Database,
  row: ReportRow,
  doc: ReportDocument,
  branding: Branding,
  slots: readonly Slot[],
  runs: ReadonlyMap<string, Pick<AnalysisRunRow, 'id' | 'analysisType' | 'portfolioCodes'>>,
  render: ReportRenderers = RENDERERS,
): Promise<void> {
  const reportId = row.id;
  const pdf = await render.pdf(doc, branding, {
    // A report of many portfolios says how far its PDF is (a hundred funds: half a minute).
    onChapters: async (done, chapters) => {
      if (chapters > 1)
        await setProgress(
          db,
          reportId,
          PDF_PROGRESS.from + ((PDF_PROGRESS.to - PDF_PROGRESS.from) * done) / chapters,
          `PDF hazırlanıyor: ${String(done)} / ${String(chapters)} portföy`,
        );
    },
  });
  // The PDF's layout (pages, tables and charts: 1.1 GB for 100 funds) is garbage now: collected
  // while the progress is written, not left under the workbook's (decision 0142).
  releaseHeapSoon();
  await setProgress(db, reportId, PDF_PROGRESS.to, 'Excel hazırlanıyor');
  const xlsx = await render.xlsx(doc, branding);
  releaseHeapSoon();

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
