import {
  type RmdHistoryPoint,
  type RmdHistoryResponse,
  type RmdTrackingResponse,
  type RmdTrackingRow,
  type RmdRunAllResponse,
  type TokenClaims,
  type VarPoint,
  VarPointSchema,
} from '@fonrisk/contracts';
import {
  type Database,
  asc,
  latestVarPoints,
  portfolios,
  unifiedPortfolios,
  readVarSettings,
} from '@fonrisk/db';
import { createRunQueue, type RunQueue } from '../analyses/run-queue.ts';
import { queueRmdBatch } from './rmd-batch.ts';

interface TrackedPoint extends VarPoint {
  readonly runId: string;
}

/**
 * The VaR point of every portfolio and date from finished 'var' runs; when several runs cover
 * the same portfolio and date the most recently finished one wins (results are immutable, a
 * re-run supersedes). Read from the points the runs' triggers keep (var_points, decision 0125),
 * not from the runs' result documents: a year of a house's nightly runs is gigabytes of them.
 */
async function trackedPoints(
  db: Database,
  portfolioCode: string | null,
): Promise<Map<string, TrackedPoint[]>> {
  const rows = await latestVarPoints(db, portfolioCode === null ? {} : { codes: [portfolioCode] });
  const out = new Map<string, TrackedPoint[]>();
  for (const row of rows) {
    const parsed = VarPointSchema.safeParse(row.point);
    if (!parsed.success) continue;
    const p: TrackedPoint = { ...parsed.data, runId: row.runId };
    const list = out.get(p.portfolioCode);
    if (list) list.push(p);
    else out.set(p.portfolioCode, [p]);
  }
  for (const list of out.values()) list.sort((a, b) => a.date.localeCompare(b.date));
  return out;
}

/** Consecutive breach dates ending at the latest point. */
function daysInBreach(points: readonly TrackedPoint[]): number {
  let n = 0;
  for (let i = points.length - 1; i >= 0 && points[i]!.status === 'breach'; i--) n += 1;
  return n;
}

export interface RmdTrackingService {
  list(): Promise<RmdTrackingResponse>;
  history(portfolioCode: string, from?: string, to?: string): Promise<RmdHistoryResponse>;
  /** Queues the RMD batch now: one 'var' run per fund (see queueRmdBatch). */
  runAll(actor: TokenClaims, asOfDate?: string): Promise<RmdRunAllResponse>;
  close(): Promise<void>;
}

/** The service owns a run queue of its own (pg-boss starts with the first batch). */
export function createRmdTrackingService(
  db: Database,
  queue: RunQueue = createRunQueue(db, (error) => console.error('rmd-tracking run queue', error)),
): RmdTrackingService {
  return {
    async runAll(actor, asOfDate) {
      return {
        runIds: await queueRmdBatch(
          db,
          queue,
          { userId: actor.userId, name: actor.fullName },
          { asOfDate },
        ),
      };
    },
    close: () => queue.close(),
    async list() {
      const { settings } = await readVarSettings(db);
      const plain = await db
        .select({ code: portfolios.code, name: portfolios.name })
        .from(portfolios)
        .orderBy(asc(portfolios.code));
      const unified = await db
        .select({ code: unifiedPortfolios.newPortfolioCode, name: unifiedPortfolios.name })
        .from(unifiedPortfolios)
        .orderBy(asc(unifiedPortfolios.newPortfolioCode));
      const points = await trackedPoints(db, null);
      const items = [...plain, ...unified].map((p): RmdTrackingRow => {
        const list = points.get(p.code) ?? [];
        const last = list[list.length - 1];
        const approach =
          last?.approach ??
          settings.portfolioLimits.find((l) => l.portfolioCode === p.code)?.approach ??
          settings.approach;
        return {
          portfolioCode: p.code,
          portfolioName: p.name,
          approach,
          asOfDate: last?.date ?? null,
          runId: last?.runId ?? null,
          varTry: last?.varTry ?? null,
          varPct: last?.varPct ?? null,
          limitPct: last?.limitPct ?? null,
          usage: last?.usage ?? null,
          status: last?.status ?? 'noData',
          daysInBreach: daysInBreach(list),
        };
      });
      return { warningThresholdPct: settings.warningThresholdPct, items };
    },
    async history(portfolioCode, from, to) {
      const { settings } = await readVarSettings(db);
      const threshold = settings.varChangeExplainPoints;
      const list = (await trackedPoints(db, portfolioCode)).get(portfolioCode) ?? [];
      // The change is taken against the previous point even when that one is before `from`.
      const items: RmdHistoryPoint[] = list
        .map((p, i) => {
          const previous = list[i - 1]?.usage ?? null;
          const change = p.usage === null || previous === null ? null : (p.usage - previous) * 100;
          return {
            date: p.date,
            varPct: p.varPct,
            limitPct: p.limitPct,
            usage: p.usage,
            status: p.status,
            runId: p.runId,
            usageChangePoints: change,
            explain: change !== null && Math.abs(change) > threshold,
          };
        })
        .filter(
          (p) => (from === undefined || p.date >= from) && (to === undefined || p.date <= to),
        );
      return { portfolioCode, explainAbovePoints: threshold, items };
    },
  };
}
