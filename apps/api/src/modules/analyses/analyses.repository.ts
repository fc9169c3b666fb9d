import { randomUUID } from 'node:crypto';
import { RunStatus, type Run, type RunSummary } from '@fonrisk/contracts';
import {
  analysisRunResultTexts,
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
  type ResultText,
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

/** A run with its result's text as stored deflated for its GET (decision 0129), when it is. */
export interface RunAnswerRow extends RunSummaryRow {
  readonly resultText: ResultText | null;
}

/**
 * A run for its GET: the summary and, when stored, its result's deflated text (decisions 0126,
 * 0129); the result itself is neither read nor parsed here.
 */
export async function findRunAnswerRow(ex: Executor, id: string): Promise<RunAnswerRow | null> {
  const [row] = await ex
    .select({
      ...RUN_SUMMARY_COLUMNS,
      deflated: analysisRunResultTexts.deflated,
      crc32: analysisRunResultTexts.crc32,
      bytes: analysisRunResultTexts.bytes,
    })
    .from(analysisRuns)
    .leftJoin(analysisRunResultTexts, eq(analysisRunResultTexts.runId, analysisRuns.id))
    .where(eq(analysisRuns.id, id));
  if (!row) return null;
  const { deflated, crc32, bytes, ...summary } = row;
  return {
    ...summary,
    resultText:
      deflated !== null && crc32 !== null && bytes !== null ? { deflated, crc32, bytes } : null,
  };
}

/**
 * A finished run's result as PostgreSQL's JSON text (decision 0126), for a run whose text is not
 * stored deflated yet; null when the run is not done.
 */
export async function findResultJson(ex: Executor, id: string): Promise<string | null> {
  const [row] = await ex
    .select({ json: sql<string>`${analysisRuns.result}::text` })
    .from(analysisRuns)
    .where(and(eq(analysisRuns.id, id), eq(analysisRuns.status, RunStatus.Done)));
  return row?.json ?? null;
}

/**
 * The run's GET body around its result (decision 0126): the summary's JSON up to `"result":`, and
 * what closes it, the shape of `RunResponseSchema` with the result's JSON text between them.
 */
export function runJsonAround(row: RunSummaryRow): readonly [before: string, after: string] {
  const summary = JSON.stringify(toRunSummary(row));
  return [`${summary.slice(0, -1)},"result":`, '}'];
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
