import { RunLane, type VarInputs } from '@fonrisk/contracts';
import {
  type Database,
  type Executor,
  analysisRuns,
  and,
  asc,
  eq,
  holdings,
  inArray,
  portfolios,
  sql,
} from '@fonrisk/db';
import { recordAudit } from '../audit/audit.repository.ts';
import { queueRuns, type RunQueue } from '../analyses/run-queue.ts';

/** The creator name of runs queued by the daily schedule (no user: created_by stays null). */
export const SYSTEM_RUN_NAME = 'Sistem';

/** Who queues a batch: a signed-in user (run-all endpoint) or the system (schedule, demo). */
export interface BatchActor {
  readonly userId: number | null;
  readonly name: string;
}

export const SYSTEM_ACTOR: BatchActor = { userId: null, name: SYSTEM_RUN_NAME };

/** Inserts queued batch 'var' runs and their jobs in the caller's transaction; returns the run ids. */
export async function queueVarRuns(
  tx: Executor,
  queue: RunQueue,
  inputs: readonly VarInputs[],
  actor: BatchActor,
): Promise<string[]> {
  const runs = await queueRuns(
    tx,
    queue,
    inputs.map((one) => ({
      analysisType: 'var',
      inputs: one,
      requester: actor,
      lane: RunLane.Batch,
    })),
  );
  return runs.map((run) => run.id);
}

/** The latest holdings date of every fund, on or before `asOfDate` when given. */
async function fundDates(
  db: Database,
  asOfDate: string | undefined,
): Promise<{ code: string; date: string }[]> {
  const rows = await db
    .select({ code: portfolios.code, date: sql<string | null>`max(${holdings.portfolioDate})` })
    .from(portfolios)
    .innerJoin(
      holdings,
      and(
        eq(holdings.portfolioCode, portfolios.code),
        asOfDate === undefined ? undefined : sql`${holdings.portfolioDate} <= ${asOfDate}`,
      ),
    )
    .where(eq(portfolios.kind, 'fund'))
    .groupBy(portfolios.code)
    .orderBy(asc(portfolios.code));
  return rows.flatMap((r) => (r.date === null ? [] : [{ code: r.code, date: r.date }]));
}

/** Funds that already have a pending or finished single-fund 'var' run on the given date. */
async function coveredFunds(
  db: Database,
  funds: readonly { code: string; date: string }[],
): Promise<Set<string>> {
  if (funds.length === 0) return new Set();
  const rows = await db
    .select({ codes: analysisRuns.portfolioCodes, date: analysisRuns.asOfDate })
    .from(analysisRuns)
    .where(
      and(
        eq(analysisRuns.analysisType, 'var'),
        inArray(analysisRuns.status, ['queued', 'running', 'done']),
        inArray(analysisRuns.asOfDate, [...new Set(funds.map((f) => f.date))]),
        sql`cardinality(${analysisRuns.portfolioCodes}) = 1`,
      ),
    );
  const covered = new Set(rows.map((r) => `${r.codes[0]}|${r.date}`));
  return new Set(funds.filter((f) => covered.has(`${f.code}|${f.date}`)).map((f) => f.code));
}

export interface BatchOptions {
  /** Batch date (each fund's latest holdings date on or before it); latest when omitted. */
  readonly asOfDate?: string | undefined;
  /**
   * Leave out funds whose date already has a pending or finished single-fund VaR run (the
   * schedule: on a holiday or a day without new holdings nothing is computed twice). The
   * button always recomputes.
   */
  readonly skipCovered?: boolean;
}

/**
 * One 'var' run per fund portfolio with the var-settings defaults (omitted model fields are
 * resolved from the settings by the worker), each on the fund's latest holdings date on or
 * before `asOfDate`, or exactly on `asOfDate` when the fund has holdings on it. Runs and
 * their jobs are written in one transaction. Funds without holdings are skipped.
 */
export async function queueRmdBatch(
  db: Database,
  queue: RunQueue,
  actor: BatchActor,
  { asOfDate, skipCovered = false }: BatchOptions = {},
): Promise<string[]> {
  const all = await fundDates(db, asOfDate);
  const covered = skipCovered ? await coveredFunds(db, all) : new Set<string>();
  const funds = all.filter((f) => !covered.has(f.code));
  return db.transaction(async (tx) => {
    const ids = await queueVarRuns(
      tx,
      queue,
      funds.map((fund) => ({ portfolioCodes: [fund.code], asOfDate: fund.date })),
      actor,
    );
    await recordAudit(tx, {
      actor: actor.userId === null ? null : { userId: actor.userId },
      action: 'rmd-tracking.run-all',
      entity: 'analysis-run',
      entityId: asOfDate ?? 'latest',
      after: { runIds: ids },
    });
    return ids;
  });
}
