import { randomUUID } from 'node:crypto';
import { RunStatus, type Run, type RunSummary } from '@fonrisk/contracts';
import {
  analysisRuns,
  and,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  lte,
  sql,
  type AnalysisRunRow,
  type Executor,
  type NewAnalysisRunRow,
} from '@fonrisk/db';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A run without its result: what lists read. */
export type RunSummaryRow = Omit<AnalysisRunRow, 'result'>;

/**
 * The columns lists select: every column but the result body, which can be megabytes per run
 * (issue 14: a list that loaded results saturated the API).
 */
export const RUN_SUMMARY_COLUMNS = Object.fromEntries(
  Object.entries(getTableColumns(analysisRuns)).filter(([key]) => key !== 'result'),
) as Omit<ReturnType<typeof getTableColumns<typeof analysisRuns>>, 'result'>;

export function toRunSummary(row: RunSummaryRow): RunSummary {
  return {
    id: row.id,
    analysisType: row.analysisType,
    status: row.status as RunSummary['status'],
    progress: row.progress,
    progressMessage: row.progressMessage,
    inputs: row.inputs,
    portfolioCodes: row.portfolioCodes,
    asOfDate: row.asOfDate,
    fromDate: row.fromDate,
    toDate: row.toDate,
    createdBy: { id: row.createdBy, fullName: row.createdByName },
    createdAt: row.createdAt.toISOString(),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
    durationMs:
      row.startedAt && row.finishedAt ? row.finishedAt.getTime() - row.startedAt.getTime() : null,
    error: row.error,
    engineVersion: row.engineVersion,
    dataSnapshot: row.dataSnapshot,
    attempt: row.attempt,
    cancelRequested: row.cancelRequested,
    analysisBased: row.analysisBased,
  };
}

export function toRun(row: AnalysisRunRow): Run {
  return { ...toRunSummary(row), result: row.status === RunStatus.Done ? row.result : null };
}

/**
 * Runs inserted with one statement per INSERT_RUNS_CHUNK of them (decision 0106), returned in
 * the order given: their ids are made here, so each row is matched to its place without relying
 * on the order RETURNING gives.
 */
export async function insertRuns(
  ex: Executor,
  values: readonly NewAnalysisRunRow[],
): Promise<AnalysisRunRow[]> {
  const withIds = values.map((v) => ({ ...v, id: v.id ?? randomUUID() }));
  const byId = new Map<string, AnalysisRunRow>();
  for (let i = 0; i < withIds.length; i += INSERT_RUNS_CHUNK)
    for (const row of await ex
      .insert(analysisRuns)
      .values(withIds.slice(i, i + INSERT_RUNS_CHUNK))
      .returning())
      byId.set(row.id, row);
  return withIds.map((v) => byId.get(v.id)!);
}

/** Rows of one INSERT: ~22 parameters a run, far below PostgreSQL's 65,535 of a statement. */
const INSERT_RUNS_CHUNK = 1_000;

export async function findRun(ex: Executor, id: string): Promise<AnalysisRunRow | null> {
  const [row] = await ex.select().from(analysisRuns).where(eq(analysisRuns.id, id));
  return row ?? null;
}

/** A run with its result as PostgreSQL's JSON text (null unless done), for the run's GET. */
export interface RunWithResultText extends RunSummaryRow {
  readonly resultText: string | null;
}

/**
 * A run with its result as stored, as JSON text (decision 0126): the result is neither parsed
 * nor validated again here (the worker validated it with the type's result schema before storing
 * it: runner.ts), which for a night's 100-fund result of 15 MB was most of the GET's time.
 */
export async function findRunWithResultText(
  ex: Executor,
  id: string,
): Promise<RunWithResultText | null> {
  const [row] = await ex
    .select({
      ...RUN_SUMMARY_COLUMNS,
      resultText: sql<string | null>`CASE WHEN ${analysisRuns.status} = ${RunStatus.Done}
        THEN ${analysisRuns.result}::text END`,
    })
    .from(analysisRuns)
    .where(eq(analysisRuns.id, id));
  return row ?? null;
}

/**
 * The run's GET body: the summary's JSON with the stored result's text as `result` (null until
 * done), the shape of `RunResponseSchema` (decision 0126).
 */
export function runJson(row: RunWithResultText): string {
  const summary = JSON.stringify(toRunSummary(row));
  return `${summary.slice(0, -1)},"result":${row.resultText ?? 'null'}}`;
}

export interface RunFilter {
  readonly analysisTypes: readonly string[];
  readonly portfolioCode?: string | undefined;
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  readonly createdBy?: number | undefined;
  readonly status?: string | undefined;
  readonly limit: number;
  readonly offset: number;
}

/** Runs of the given types, newest first, without their result documents. */
export async function listRuns(
  ex: Executor,
  filter: RunFilter,
): Promise<{ total: number; rows: RunSummaryRow[] }> {
  if (filter.analysisTypes.length === 0) return { total: 0, rows: [] };
  // A run covers asOfDate, or fromDate..toDate; it matches when that span meets from..to.
  const start = sql`COALESCE(${analysisRuns.asOfDate}, ${analysisRuns.fromDate})`;
  const end = sql`COALESCE(${analysisRuns.asOfDate}, ${analysisRuns.toDate})`;
  const conditions: Parameters<typeof and> = [
    inArray(analysisRuns.analysisType, [...filter.analysisTypes]),
    filter.portfolioCode
      ? sql`${analysisRuns.portfolioCodes} @> ARRAY[${filter.portfolioCode}]::text[]`
      : undefined,
    filter.from ? gte(end, filter.from) : undefined,
    filter.to ? lte(start, filter.to) : undefined,
    filter.createdBy ? eq(analysisRuns.createdBy, filter.createdBy) : undefined,
    filter.status ? eq(analysisRuns.status, filter.status) : undefined,
  ];
  const where = and(...conditions);
  const [totals] = await ex.select({ total: count() }).from(analysisRuns).where(where);
  const rows = await runListQuery(ex, where, filter);
  return { total: totals?.total ?? 0, rows };
}

/** The page query of `listRuns`, summary columns only (its SQL is checked by a test). */
export function runListQuery(
  ex: Executor,
  where: ReturnType<typeof and>,
  page: { readonly limit: number; readonly offset: number },
) {
  return ex
    .select(RUN_SUMMARY_COLUMNS)
    .from(analysisRuns)
    .where(where)
    .orderBy(desc(analysisRuns.createdAt), desc(analysisRuns.id))
    .limit(page.limit)
    .offset(page.offset);
}

/**
 * A queued run ends cancelled at once (its job will find nothing to do); a running one gets
 * `cancel_requested` and its worker ends it. Returns the row after the change, or null when the
 * run was already final.
 */
export async function requestCancel(ex: Executor, id: string): Promise<AnalysisRunRow | null> {
  const [queued] = await ex
    .update(analysisRuns)
    .set({ status: RunStatus.Cancelled, finishedAt: sql`now()` })
    .where(and(eq(analysisRuns.id, id), eq(analysisRuns.status, RunStatus.Queued)))
    .returning();
  if (queued) return queued;
  const [running] = await ex
    .update(analysisRuns)
    .set({ cancelRequested: true })
    .where(and(eq(analysisRuns.id, id), eq(analysisRuns.status, RunStatus.Running)))
    .returning();
  return running ?? null;
}
