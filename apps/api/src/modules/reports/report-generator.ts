import { loadBranding } from './pdf-settings.service.ts';
import { assembleReportDocument, loadFundNames } from './report-assembly.ts';
import { PDF_PROGRESS, renderAndStoreReport } from './report-output.ts';
import {
  SnapshotSchema,
  finishedRuns,
  resolveRuns,
  type GeneratorDeps,
} from './report-run-resolution.ts';
import { findReportRow, findRunsByIds, setProgress } from './reports.repository.ts';

export type { GeneratorDeps } from './report-run-resolution.ts';

/**
 * Produces one report (docs/decisions/0032-report-engine.md): resolves each analysis section to a
 * finished run of that portfolio and date (reused) or starts it (report-run-resolution.ts), waits
 * for the runs with progress, assembles the document (report-assembly.ts), renders the PDF and the
 * workbook and stores them with the runs used and the 'done' status in one transaction
 * (report-output.ts).
 * Throws ReportGenerationError with the Turkish reason.
 */
export async function generateReport(deps: GeneratorDeps, reportId: number): Promise<void> {
  const { db } = deps;
  const row = await findReportRow(db, reportId);
  if (!row) return;
  const snapshot = SnapshotSchema.parse(row.templateSnapshot);

  await setProgress(db, reportId, 0.02, 'Analizler belirleniyor');
  const names = await loadFundNames(db, row.portfolioCodes);
  // Chapters: one per portfolio (or one for an analysis-based report).
  const chapterCodes: (string | null)[] =
    row.sourceRunId !== null ? [null] : row.portfolioCodes.map((c) => c);
  const sourceRun = row.sourceRunId ? (await findRunsByIds(db, [row.sourceRunId]))[0] : undefined;
  const resolved = await resolveRuns(deps, row, snapshot, chapterCodes, sourceRun);
  const runs = await finishedRuns(deps, reportId, resolved.slots);

  await setProgress(db, reportId, PDF_PROGRESS.from, 'PDF ve Excel hazırlanıyor');
  const branding = await loadBranding(db);
  const doc = await assembleReportDocument(db, {
    row,
    snapshot,
    chapterCodes,
    sourceRun,
    names,
    resolved,
    branding,
    generatedAt: new Date(),
  });
  await renderAndStoreReport(db, row, doc, branding, resolved.slots, runs);
}
