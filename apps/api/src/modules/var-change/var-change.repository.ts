import { type ResolvedVarParameters, ResolvedVarParametersSchema } from '@fonrisk/contracts';
import { type Executor, analysisRuns, and, desc, eq, sql, varPoints } from '@fonrisk/db';

/**
 * The parameters of the VaR figure reported for a portfolio and date: the most recently finished
 * 'var' run whose series holds that portfolio and date (as rmd-tracking picks its figure, from
 * the runs' points, decision 0125), or null when no finished run reported it.
 */
export async function reportedParameters(
  ex: Executor,
  portfolioCode: string,
  date: string,
): Promise<{ runId: string; parameters: ResolvedVarParameters } | null> {
  const rows = await ex
    .select({
      id: analysisRuns.id,
      parameters: sql<unknown>`${analysisRuns.result} -> 'parameters'`,
    })
    .from(varPoints)
    .innerJoin(analysisRuns, eq(analysisRuns.id, varPoints.runId))
    .where(and(eq(varPoints.portfolioCode, portfolioCode), eq(varPoints.date, date)))
    .orderBy(sql`${varPoints.finishedAt} DESC NULLS FIRST`, desc(varPoints.runId))
    .limit(1);
  const row = rows[0];
  if (row === undefined) return null;
  const parsed = ResolvedVarParametersSchema.safeParse(row.parameters);
  return parsed.success ? { runId: row.id, parameters: parsed.data } : null;
}
