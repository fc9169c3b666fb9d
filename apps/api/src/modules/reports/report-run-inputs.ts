import type { AnalysisType, AnalysisTypeDefinition, ReportSection } from '@fonrisk/contracts';
import { eq, stressScenarios, type Database, type ReportRow } from '@fonrisk/db';
import { ensureShippedScenarios } from '../stress-scenarios/stress-scenarios.repository.ts';

/**
 * Inputs a report adds when it starts an analysis whose form asks for more than portfolios and
 * dates: a stress test runs every shipped scenario (the board's standard set).
 */
export const REPORT_INPUT_DEFAULTS: Partial<
  Record<AnalysisType, (db: Database) => Promise<Record<string, unknown>>>
> = {
  'stress-test': async (db) => {
    await ensureShippedScenarios(db);
    return {
      scenarioIds: (
        await db
          .select({ id: stressScenarios.id })
          .from(stressScenarios)
          .where(eq(stressScenarios.isShipped, true))
          .orderBy(stressScenarios.id)
      ).map((r) => r.id),
    };
  },
};

const DAY_MS = 86_400_000;
function isoMinusDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
}
/**
 * Inputs of a run the report starts: the naming conventions of `runScope` the type defines (its
 * inputs are strict: an undefined field is refused, decision 0049) with the section's own inputs
 * kept whole (a wrong one is refused), the report's date, else a one-year window ending on it
 * (types that need a period, like backtest), or for a period report its end date.
 */
export function inputCandidates(
  section: Extract<ReportSection, { kind: 'analysis' }>,
  type: AnalysisTypeDefinition,
  code: string,
  row: Pick<ReportRow, 'asOfDate' | 'fromDate' | 'toDate'>,
): Record<string, unknown>[] {
  const own = section.inputs ?? {};
  const defined = new Set([...Object.keys(type.inputsSchema.shape), ...Object.keys(own)]);
  const keep = (candidate: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(candidate).filter(([k]) => defined.has(k)));
  const base = { portfolioCodes: [code], portfolioCode: code, fundCodes: [code], ...own };
  if (row.asOfDate) {
    return [
      keep({ ...base, asOfDate: row.asOfDate }),
      keep({ ...base, fromDate: isoMinusDays(row.asOfDate, 365), toDate: row.asOfDate }),
    ];
  }
  return [
    keep({ ...base, fromDate: row.fromDate, toDate: row.toDate }),
    keep({ ...base, asOfDate: row.toDate }),
  ];
}

/** Whether a run's scope is the report's date (or period): what reuse looks for. */
export function coversDates(
  scope: { asOfDate: string | null; fromDate: string | null; toDate: string | null },
  row: Pick<ReportRow, 'asOfDate' | 'fromDate' | 'toDate'>,
): boolean {
  if (row.asOfDate !== null)
    return (
      scope.asOfDate === row.asOfDate || (scope.asOfDate === null && scope.toDate === row.asOfDate)
    );
  return scope.fromDate === row.fromDate && scope.toDate === row.toDate;
}
