import {
  ReportFileSchema,
  ReportRunUsedSchema,
  ReportSectionSchema,
  type Report,
  type ReportKey,
  type ReportSchedule,
  type ReportTemplate,
} from '@fonrisk/contracts';
import {
  analysisRuns,
  and,
  count,
  desc,
  eq,
  gte,
  holdings,
  inArray,
  lte,
  reportKeys,
  reportSchedules,
  reportTemplates,
  reports,
  sql,
  type AnalysisRunRow,
  type Executor,
  type ReportKeyRow,
  type ReportRow,
  type ReportScheduleRow,
  type ReportTemplateRow,
} from '@fonrisk/db';
import { RUN_SUMMARY_COLUMNS, type RunSummaryRow } from '../analyses/analyses.repository.ts';
import { z } from 'zod';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toTemplate(row: ReportTemplateRow): ReportTemplate {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    description: row.description,
    module: row.module,
    sections: z.array(ReportSectionSchema).parse(row.sections),
    includeMethods: row.includeMethods,
    shipped: row.key !== null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The modules whose sections the report left out, kept in its template snapshot. */
const OmittedSchema = z.object({ omittedModules: z.array(z.number().int()).default([]) });

export function toReport(row: ReportRow): Report {
  return {
    id: row.id,
    owner: { id: row.ownerId, fullName: row.ownerName },
    title: row.title,
    module: row.module,
    status: row.status as Report['status'],
    progress: row.progress,
    progressMessage: row.progressMessage,
    template: { id: row.templateId, name: row.templateName },
    portfolioCodes: row.portfolioCodes,
    asOfDate: row.asOfDate,
    fromDate: row.fromDate,
    toDate: row.toDate,
    sourceRunId: row.sourceRunId,
    runsUsed: z.array(ReportRunUsedSchema).parse(row.runsUsed),
    files: z.array(ReportFileSchema).parse(row.files),
    scheduleId: row.scheduleId,
    demo: row.demo,
    omittedModules: OmittedSchema.parse(row.templateSnapshot).omittedModules,
    createdAt: row.createdAt.toISOString(),
    finishedAt: iso(row.finishedAt),
    error: row.error,
  };
}

export function toReportKey(row: ReportKeyRow): ReportKey {
  return {
    id: row.id,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: iso(row.revokedAt),
    lastUsedAt: iso(row.lastUsedAt),
    createdBy: row.createdBy,
  };
}

export function toSchedule(row: ReportScheduleRow, templateName: string): ReportSchedule {
  return {
    id: row.id,
    name: row.name,
    owner: { id: row.ownerId, fullName: row.ownerName },
    templateId: row.templateId,
    templateName,
    portfolioCodes: row.portfolioCodes,
    frequency: row.frequency as ReportSchedule['frequency'],
    weekday: row.weekday,
    businessDay: row.businessDay,
    time: row.time,
    ftpConnectionId: row.ftpConnectionId,
    enabled: row.enabled,
    lastRunAt: iso(row.lastRunAt),
    lastReportId: row.lastReportId,
    lastError: row.lastError,
    demo: row.demo,
    createdAt: row.createdAt.toISOString(),
  };
}

// --- templates ------------------------------------------------------------------------------------

export async function listTemplateRows(ex: Executor): Promise<ReportTemplateRow[]> {
  return ex.select().from(reportTemplates).orderBy(reportTemplates.id);
}

export async function findTemplateRow(ex: Executor, id: number): Promise<ReportTemplateRow | null> {
  const [row] = await ex.select().from(reportTemplates).where(eq(reportTemplates.id, id));
  return row ?? null;
}

export async function findTemplateByKey(
  ex: Executor,
  key: string,
): Promise<ReportTemplateRow | null> {
  const [row] = await ex.select().from(reportTemplates).where(eq(reportTemplates.key, key));
  return row ?? null;
}

// --- reports ------------------------------------------------------------------------------------

export async function findReportRow(ex: Executor, id: number): Promise<ReportRow | null> {
  const [row] = await ex.select().from(reports).where(eq(reports.id, id));
  return row ?? null;
}

export interface ReportFilter {
  readonly ownerId: number | null;
  readonly module?: number | undefined;
  readonly status?: string | undefined;
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  readonly limit: number;
  readonly offset: number;
}

export async function listReportRows(
  ex: Executor,
  filter: ReportFilter,
): Promise<{ total: number; rows: ReportRow[] }> {
  const istanbulDay = sql`(${reports.createdAt} at time zone 'Europe/Istanbul')::date`;
  const where = and(
    filter.ownerId === null ? undefined : eq(reports.ownerId, filter.ownerId),
    filter.module === undefined ? undefined : eq(reports.module, filter.module),
    filter.status === undefined ? undefined : eq(reports.status, filter.status),
    filter.from === undefined ? undefined : gte(istanbulDay, filter.from),
    filter.to === undefined ? undefined : lte(istanbulDay, filter.to),
  );
  const [total] = await ex.select({ n: count() }).from(reports).where(where);
  const rows = await ex
    .select()
    .from(reports)
    .where(where)
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return { total: total?.n ?? 0, rows };
}

/** Takes the oldest queued report for this process (SKIP LOCKED: one taker per report). */
export async function claimQueuedReport(ex: Executor): Promise<number | null> {
  const rows = await ex.execute<{ id: number }>(sql`
    update reports set status = 'running', started_at = now(), progress = 0,
      progress_message = 'Başladı', error = null
    where id = (
      select id from reports where status = 'queued' order by id for update skip locked limit 1
    )
    returning id`);
  const first = rows.rows[0];
  return first?.id ?? null;
}

/** The progress message of a report put back in the queue (a stopped worker's). */
export const REQUEUED_MESSAGE = 'Yeniden sıraya alındı';

/**
 * A report this process was generating, put back in the queue as it stops (decision 0087): taken
 * up at once by the next worker, with the runs it had queued.
 */
export async function requeueReport(ex: Executor, id: number): Promise<void> {
  await ex
    .update(reports)
    .set({ status: 'queued', progress: 0, progressMessage: REQUEUED_MESSAGE })
    .where(and(eq(reports.id, id), eq(reports.status, 'running')));
}

/** Reports left running by a process that stopped: queued again. */
export async function requeueAbandoned(ex: Executor, olderThanMinutes: number): Promise<number> {
  const rows = await ex
    .update(reports)
    .set({ status: 'queued', progress: 0, progressMessage: REQUEUED_MESSAGE })
    .where(
      and(
        eq(reports.status, 'running'),
        lte(reports.startedAt, sql`now() - make_interval(mins => ${olderThanMinutes})`),
      ),
    )
    .returning({ id: reports.id });
  return rows.length;
}

export async function setProgress(
  ex: Executor,
  id: number,
  progress: number,
  message: string,
): Promise<void> {
  await ex
    .update(reports)
    .set({
      progress: Math.max(0, Math.min(1, progress)),
      progressMessage: message,
      startedAt: sql`now()`,
    })
    .where(eq(reports.id, id));
}

// --- analysis runs a report uses ---------------------------------------------------------------

export interface RunMatch {
  readonly analysisType: string;
  readonly portfolioCode: string;
  readonly asOfDate: string | null;
  readonly fromDate: string | null;
  readonly toDate: string | null;
}

/**
 * A run of that type for exactly that portfolio and date (or period) that is done or still on its
 * way (queued, running): done runs first, newest first.
 */
export async function findReusableRun(ex: Executor, m: RunMatch): Promise<{ id: string } | null> {
  const dateMatch =
    m.asOfDate !== null
      ? sql`(${analysisRuns.asOfDate} = ${m.asOfDate} or (${analysisRuns.asOfDate} is null and ${analysisRuns.toDate} = ${m.asOfDate}))`
      : sql`${analysisRuns.fromDate} = ${m.fromDate} and ${analysisRuns.toDate} = ${m.toDate}`;
  // Only the id: the run's result (often megabytes of JSON) is read once, when the report waits
  // for its runs (findRunsByIds).
  const [row] = await ex
    .select({ id: analysisRuns.id })
    .from(analysisRuns)
    .where(
      and(
        eq(analysisRuns.analysisType, m.analysisType),
        inArray(analysisRuns.status, ['done', 'queued', 'running']),
        sql`${analysisRuns.portfolioCodes} = array[${m.portfolioCode}]::text[]`,
        dateMatch,
      ),
    )
    .orderBy(
      sql`case when ${analysisRuns.status} = 'done' then 0 else 1 end`,
      desc(analysisRuns.createdAt),
    )
    .limit(1);
  return row ?? null;
}

/** Runs with their results (a report loads them a chapter at a time: decision 0145). */
export async function findRunsByIds(
  ex: Executor,
  ids: readonly string[],
): Promise<AnalysisRunRow[]> {
  if (ids.length === 0) return [];
  return ex
    .select()
    .from(analysisRuns)
    .where(inArray(analysisRuns.id, [...ids]));
}

/**
 * Runs without their results: what a report waits on and lists as used (a hundred funds' 700
 * results are 100 MB of JSON, which a wait that loaded them read every half second).
 */
export async function findRunHeadsByIds(
  ex: Executor,
  ids: readonly string[],
): Promise<RunSummaryRow[]> {
  if (ids.length === 0) return [];
  return ex
    .select(RUN_SUMMARY_COLUMNS)
    .from(analysisRuns)
    .where(inArray(analysisRuns.id, [...ids]));
}

/**
 * Done runs of one type of a portfolio whose dates fall in the range (limit-breach section).
 */
function doneInRange(
  analysisType: 'var' | 'internal-audit',
  portfolioCode: string,
  from: string,
  to: string,
) {
  return and(
    eq(analysisRuns.analysisType, analysisType),
    eq(analysisRuns.status, 'done'),
    sql`${portfolioCode} = any(${analysisRuns.portfolioCodes})`,
    sql`coalesce(${analysisRuns.toDate}, ${analysisRuns.asOfDate}) >= ${from}`,
    sql`coalesce(${analysisRuns.fromDate}, ${analysisRuns.asOfDate}) <= ${to}`,
  );
}

/** The members of a result's array that belong to one portfolio, picked in the database. */
function portfolioMembers(array: string, portfolioCode: string) {
  return sql`jsonb_path_query_array(${analysisRuns.result}->${array}, '$[*] ? (@.portfolioCode == $code)', jsonb_build_object('code', ${portfolioCode}::text))`;
}

/**
 * The VaR points (`series`) of one portfolio in each done 'var' run whose dates fall in the
 * range, latest run first. Only the portfolio's points leave the database: a report reads this
 * for each of its funds, and a run of a hundred funds holds a hundred funds' points.
 */
export async function varPointsInRange(
  ex: Executor,
  portfolioCode: string,
  from: string,
  to: string,
): Promise<unknown[]> {
  const rows = await ex
    .select({ points: portfolioMembers('series', portfolioCode) })
    .from(analysisRuns)
    .where(doneInRange('var', portfolioCode, from, to))
    .orderBy(desc(analysisRuns.finishedAt));
  return rows.map((r) => r.points);
}

/**
 * The criteria and one portfolio's lines of each done 'internal-audit' run whose dates fall in
 * the range, latest run first. Only the portfolio's lines leave the database: the night's audit
 * of a hundred funds is one 4 MB result, which a report read whole for each fund.
 */
export async function auditLinesInRange(
  ex: Executor,
  portfolioCode: string,
  from: string,
  to: string,
): Promise<{ criteria: unknown; lines: unknown }[]> {
  return ex
    .select({
      criteria: sql<unknown>`${analysisRuns.result}->'criteria'`,
      lines: portfolioMembers('lines', portfolioCode),
    })
    .from(analysisRuns)
    .where(doneInRange('internal-audit', portfolioCode, from, to))
    .orderBy(desc(analysisRuns.finishedAt));
}

// --- keys -----------------------------------------------------------------------------------------

export async function listKeyRows(ex: Executor, reportId: number): Promise<ReportKeyRow[]> {
  return ex
    .select()
    .from(reportKeys)
    .where(eq(reportKeys.reportId, reportId))
    .orderBy(reportKeys.id);
}

export async function findKeyByHash(ex: Executor, hash: string): Promise<ReportKeyRow | null> {
  const [row] = await ex.select().from(reportKeys).where(eq(reportKeys.keyHash, hash));
  return row ?? null;
}

// --- schedules -------------------------------------------------------------------------------------

export async function listScheduleRows(
  ex: Executor,
  ownerId: number | null,
): Promise<{ row: ReportScheduleRow; templateName: string }[]> {
  const rows = await ex
    .select({ row: reportSchedules, templateName: reportTemplates.name })
    .from(reportSchedules)
    .innerJoin(reportTemplates, eq(reportTemplates.id, reportSchedules.templateId))
    .where(ownerId === null ? undefined : eq(reportSchedules.ownerId, ownerId))
    .orderBy(reportSchedules.id);
  return rows;
}

export async function findScheduleRow(
  ex: Executor,
  id: number,
): Promise<{ row: ReportScheduleRow; templateName: string } | null> {
  const [found] = await ex
    .select({ row: reportSchedules, templateName: reportTemplates.name })
    .from(reportSchedules)
    .innerJoin(reportTemplates, eq(reportTemplates.id, reportSchedules.templateId))
    .where(eq(reportSchedules.id, id));
  return found ?? null;
}

/** Each portfolio's last holdings date (its last data date); a code without holdings is absent. */
export async function lastHoldingsDates(
  ex: Executor,
  codes: readonly string[],
): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await ex
    .select({
      code: holdings.portfolioCode,
      last: sql<string>`max(${holdings.portfolioDate})::text`,
    })
    .from(holdings)
    .where(inArray(holdings.portfolioCode, [...codes]))
    .groupBy(holdings.portfolioCode);
  return new Map(rows.map((r) => [r.code, r.last]));
}
