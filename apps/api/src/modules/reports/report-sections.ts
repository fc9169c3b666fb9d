import {
  DEFAULT_CHART_CONTEXT,
  ResultChartsSchema,
  ResultTablesSchema,
  portfolioTitle,
  runResultCharts,
  type ChartContext,
  type ReportSection,
  type ResultChart,
} from '@fonrisk/contracts';
import type { AnalysisRunRow } from '@fonrisk/db';
import { z } from 'zod';
import type { RenderedSection } from './render/report-document.ts';

/** The part of the RMD settings a run records (`dataSnapshot.settings`) that its charts read. */
const RunChartSettingsSchema = z.object({ warningThresholdPct: z.number() });

/**
 * What the charts of a run read besides its result, as on its screen: the VaR warning threshold
 * of the settings the run used (its limit status was judged with it), else `current` (the
 * settings now, for a run that recorded none).
 */
export function runChartContext(
  run: Pick<AnalysisRunRow, 'dataSnapshot'>,
  current: ChartContext,
): ChartContext {
  const settings = RunChartSettingsSchema.safeParse(
    (run.dataSnapshot as { settings?: unknown } | null)?.settings,
  ).data;
  return settings ? { varWarningFraction: settings.warningThresholdPct / 100 } : current;
}

/**
 * The rendered section of one analysis run: the tables and charts the template section names
 * (all when it names none: the charts its screen draws from the result, decision 0058, then the
 * charts the result stores, with the settings the run used: runChartContext) and where its
 * figures come from.
 */
export function analysisSection(
  title: string,
  section: Extract<ReportSection, { kind: 'analysis' }>,
  run: AnalysisRunRow,
  reused: boolean,
  current: ChartContext = DEFAULT_CHART_CONTEXT,
): RenderedSection {
  const result = run.result ?? {};
  const tables = ResultTablesSchema.safeParse(result.tables).data ?? {};
  const charts = ResultChartsSchema.safeParse(result.charts).data ?? {};
  const pick = <T>(all: Record<string, T>, names: readonly string[] | undefined): T[] =>
    names === undefined
      ? Object.values(all)
      : names.map((n) => all[n]).filter((x): x is T => x !== undefined);
  const named = Object.fromEntries(
    Object.entries(charts).map(([key, chart]) => [
      key,
      portfolioChart(key, chart, run.portfolioCodes),
    ]),
  );
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
      ...(section.charts === undefined
        ? runResultCharts(run.analysisType, result, runChartContext(run, current))
        : []),
      ...pick(named, section.charts),
    ],
  };
}

/**
 * A stored chart of one portfolio (keyed `<chart>:<portfolio code>`, as the result screens pick
 * them under their portfolio's heading) printed in the section of a run of several portfolios
 * names its portfolio: a bond analysis of a hundred funds printed a hundred "Paralel Kayma Etkisi
 * (TL)" charts, none saying whose (decision 0131).
 */
export function portfolioChart(
  key: string,
  chart: ResultChart,
  portfolioCodes: readonly string[],
): ResultChart {
  const at = key.lastIndexOf(':');
  const code = at < 0 ? '' : key.slice(at + 1);
  if (!portfolioCodes.includes(code) || chart.title.includes(code)) return chart;
  return { ...chart, title: portfolioTitle(chart.title, code, portfolioCodes.length > 1) };
}
