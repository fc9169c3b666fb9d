import { type ResolvedVarParameters, ResolvedVarParametersSchema } from '@fonrisk/contracts';
import { type Executor, analysisRuns, and, desc, eq, sql } from '@fonrisk/db';

/**
 * The parameters of the VaR figure reported for a portfolio and date: the most recently finished
 * 'var' run whose series holds that portfolio and date (as rmd-tracking picks its figure), or
 * null when no finished run reported it.
 */
export async function reportedParameters(
  ex: Executor,
  portfolioCode: string,
  date: string,
): Promise<{ runId: string; parameters: ResolvedVarParameters } | null> {
  const point = JSON.stringify([{ portfolioCode, date }]);
  const rows = await ex
    .select({
      id: analysisRuns.id,
      parameters: sql<unknown>`${analysisRuns.result} -> 'parameters'`,
    })
    .from(analysisRuns)
    .where(
      and(
        eq(analysisRuns.analysisType, 'var'),
        eq(analysisRuns.status, 'done'),
        sql`${analysisRuns.portfolioCodes} @> ARRAY[${portfolioCode}]::text[]`,
        sql`${analysisRuns.result} -> 'series' @> ${point}::jsonb`,
      ),
    )
    .orderBy(desc(analysisRuns.finishedAt))
    .limit(1);
  const row = rows[0];
  if (row === undefined) return null;
  const parsed = ResolvedVarParametersSchema.safeParse(row.parameters);
  return parsed.success ? { runId: row.id, parameters: parsed.data } : null;
}
