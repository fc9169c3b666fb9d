import { and, desc, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { varPoints } from '../schema/index.ts';

/** Which stored points `latestVarPoints` reads (each bound optional). */
export interface VarPointFilter {
  readonly codes?: readonly string[];
  /** Dates as the points carry them (YYYY-MM-DD), inclusive. */
  readonly from?: string;
  readonly to?: string;
}

/**
 * The VaR point of each portfolio and date from the most recently finished 'var' run that
 * reported it (a re-run supersedes; a run without a finish time counts as the latest, as it
 * did when the runs' results were read in finish order), as stored: the caller parses it with
 * the contract's `VarPointSchema`. Read from `var_points`, which analysis_runs' triggers keep
 * (decision 0125), in portfolio and date order.
 */
export async function latestVarPoints(
  ex: Executor,
  filter: VarPointFilter = {},
): Promise<{ runId: string; point: Record<string, unknown> }[]> {
  return ex
    .selectDistinctOn([varPoints.portfolioCode, varPoints.date], {
      runId: varPoints.runId,
      point: varPoints.point,
    })
    .from(varPoints)
    .where(
      and(
        filter.codes === undefined
          ? undefined
          : inArray(varPoints.portfolioCode, [...filter.codes]),
        filter.from === undefined ? undefined : gte(varPoints.date, filter.from),
        filter.to === undefined ? undefined : lte(varPoints.date, filter.to),
      ),
    )
    .orderBy(
      varPoints.portfolioCode,
      varPoints.date,
      sql`${varPoints.finishedAt} DESC NULLS FIRST`,
      desc(varPoints.runId),
      desc(varPoints.idx),
    );
}
