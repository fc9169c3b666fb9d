import {
  ResultChartsSchema,
  ResultTablesSchema,
  runResultCharts,
  type ReportSection,
} from '@fonrisk/contracts';
import type { AnalysisRunRow } from '@fonrisk/db';
import type { RenderedSection } from './render/report-document.ts';

/**
 * The rendered section of one analysis run: the tables and charts the template section names
 * (all when it names none: the charts its screen draws from the result, decision 0058, then the
 * charts the result stores) and where its figures come from.
 */
export function analysisSection(
  title: string,
  section: Extract<ReportSection, { kind: 'analysis' }>,
  run: AnalysisRunRow,
  reused: boolean,
): RenderedSection {
  const result = run.result ?? {};
  const tables = ResultTablesSchema.safeParse(result.tables).data ?? {};
  const charts = ResultChartsSchema.safeParse(result.charts).data ?? {};
  const pick = <T>(all: Record<string, T>, names: readonly string[] | undefined): T[] =>
    names === undefined
      ? Object.values(all)
      : names.map((n) => all[n]).filter((x): x is T => x !== undefined);
  const parameters = result.parameters;
  return {
    kind: 'analysis',
    title,
    analysisType: run.analysisType,
    provenance: {
      runId: run.id,
      portfolioCodes: run.portfolioCodes,
      engineVersion: run.engineVersion,
      finishedAt: run.finishedAt ? run.finishedAt.toISOString() : null,
      dataSnapshot: run.dataSnapshot,
      conventions:
        typeof parameters === 'object' && parameters !== null && !Array.isArray(parameters)
          ? (parameters as Record<string, unknown>)
          : null,
      reused,
    },
    tables: pick(tables, section.tables),
    charts: [
      ...(section.charts === undefined ? runResultCharts(run.analysisType, result) : []),
      ...pick(charts, section.charts),
    ],
  };
}
