import {
  ReportSectionSchema,
  findAnalysisType,
  RunLane,
  type ReportSection,
} from '@fonrisk/contracts';
import { eq, users, type AnalysisRunRow, type Database, type ReportRow } from '@fonrisk/db';
import { z } from 'zod';
import { queueRun, type RunQueue } from '../analyses/run-queue.ts';
import { planSection } from './report-section-plan.ts';
import type { RunSummaryRow } from '../analyses/analyses.repository.ts';
import { findRunHeadsByIds, setProgress } from './reports.repository.ts';
import { ReportGenerationError, ReportInterruptedError } from './reports.errors.ts';

export interface GeneratorDeps {
  readonly db: Database;
  readonly queue: RunQueue;
  /** How often the report looks at the analyses it waits for (500 ms). */
  readonly pollMs?: number;
  /** Longest wait for the analyses of one report (30 min). */
  readonly runWaitMs?: number;
  /**
   * Aborted when the worker process stops: a report still waiting for its analyses then ends
   * the wait with ReportInterruptedError instead of holding the stop until they finish.
   */
  readonly stopping?: AbortSignal;
}

/** The template as stored on the report when it was requested. */
export const SnapshotSchema = z.object({
  name: z.string(),
  sections: z.array(ReportSectionSchema),
  includeMethods: z.boolean().default(true),
});
export type TemplateSnapshot = z.infer<typeof SnapshotSchema>;

/** One analysis section of one portfolio, with the run that fills it. */
export interface Slot {
  readonly chapter: number;
  readonly index: number;
  readonly section: Extract<ReportSection, { kind: 'analysis' }>;
  readonly portfolioCode: string | null;
  readonly runId: string;
  readonly reused: boolean;
}

/** What the report's analysis sections resolve to before anything is rendered. */
export interface ResolvedRuns {
  /** The sections filled by a run. */
  readonly slots: readonly Slot[];
  /** The sections that cannot be filled, by "chapter:index", with the Turkish reason. */
  readonly notes: ReadonlyMap<string, string>;
}

/** The key of one section of one chapter in `ResolvedRuns.notes`. */
export function slotKey(chapter: number, index: number): string {
  return `${String(chapter)}:${String(index)}`;
}

/**
 * Resolves each analysis section of each chapter to a run: the analysis-based report's own run,
 * a finished run of that portfolio and date (reused), or a run it starts now. A section the
 * owner may not see, or of a type not defined, gets a note instead.
 */
export async function resolveRuns(
  deps: GeneratorDeps,
  row: ReportRow,
  snapshot: TemplateSnapshot,
  chapterCodes: readonly (string | null)[],
  sourceRun: AnalysisRunRow | undefined,
): Promise<ResolvedRuns> {
  const { db } = deps;
  const owner =
    row.ownerId === null
      ? null
      : ((await db.select().from(users).where(eq(users.id, row.ownerId)))[0] ?? null);
  const allowed = (module: number | null) =>
    owner === null || module === null
      ? true
      : (owner.modules as readonly number[]).includes(module);

  const slots: Slot[] = [];
  const notes = new Map<string, string>();
  for (const [chapter, code] of chapterCodes.entries()) {
    for (const [index, section] of snapshot.sections.entries()) {
      if (section.kind !== 'analysis') continue;
      const key = slotKey(chapter, index);
      const plan = await planSection(db, { section, code, source: sourceRun, row, allowed });
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
  return { slots, notes };
}

/**
 * Waits for the runs of the slots and returns them by id, without their results (the chapters
 * load those: report-assembly.ts); throws the Turkish reason when one of them failed or was
 * cancelled.
 */
export async function finishedRuns(
  deps: GeneratorDeps,
  reportId: number,
  slots: readonly Slot[],
): Promise<Map<string, RunSummaryRow>> {
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
  return runs;
}

/** Waits until every run is final, reporting how many are done as the report's progress. */
async function waitForRuns(
  deps: GeneratorDeps,
  reportId: number,
  ids: readonly string[],
): Promise<Map<string, RunSummaryRow>> {
  const deadline = Date.now() + (deps.runWaitMs ?? 30 * 60_000);
  for (;;) {
    if (deps.stopping?.aborted) throw new ReportInterruptedError();
    const rows = await findRunHeadsByIds(deps.db, ids);
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
    await pause(deps.pollMs ?? 500, deps.stopping);
  }
}

/** Waits `ms`, or less when `signal` aborts meanwhile. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
