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
    Object.entries(charts).map(([key, chart]) => [key, keyedChart(key, chart, run.portfolioCodes)]),
  );
  // Every chart (the template names none) of a run of several portfolios: its portfolios' charts,
  // not one chart per instrument (a bond analysis of a hundred funds drew 445 price-yield curves,
  // 287 pages); the note says where they are.
  const perInstrument =
    section.charts === undefined && run.portfolioCodes.length > 1
      ? Object.keys(charts).filter((key) => instrumentOf(key, run.portfolioCodes) !== null)
      : [];
  const printed = Object.fromEntries(
    Object.entries(named).filter(([key]) => !perInstrument.includes(key)),
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
      ...pick(printed, section.charts),
    ],
    ...(perInstrument.length > 0
      ? {
          instrumentCharts: {
            count: perInstrument.length,
            kinds: [...new Set(perInstrument.map((key) => chartKind(charts[key]!.title)))],
          },
        }
      : {}),
  };
}

/** The code after the colon of a stored chart's key (`<chart>:<code>`), or null. */
function keyCode(key: string): string | null {
  const at = key.lastIndexOf(':');
  return at < 0 || at === key.length - 1 ? null : key.slice(at + 1);
}

/** The instrument a stored chart is of (a key's code that is none of the run's portfolios). */
function instrumentOf(key: string, portfolioCodes: readonly string[]): string | null {
  const code = keyCode(key);
  return code === null || portfolioCodes.includes(code) ? null : code;
}

/** What a chart shows, without whose: "Fiyat-Getiri Eğrisi · DİBS …" -> "Fiyat-Getiri Eğrisi". */
function chartKind(title: string): string {
  const at = title.indexOf(' · ');
  return at < 0 ? title : title.slice(0, at);
}

/**
 * A stored chart of one portfolio or one instrument (keyed `<chart>:<code>`, as the result
 * screens pick them under their portfolio's or bond's heading) printed in a report names it: a
 * bond analysis of a hundred funds printed a hundred "Paralel Kayma Etkisi (TL)" charts, none
 * saying whose (decision 0131), and two bonds of one issuer and maturity two price-yield curves
 * of one title. A portfolio is named in a run of several; an instrument always.
 */
export function keyedChart(
  key: string,
  chart: ResultChart,
  portfolioCodes: readonly string[],
): ResultChart {
  const code = keyCode(key);
  if (code === null || chart.title.includes(code)) return chart;
  const many = !portfolioCodes.includes(code) || portfolioCodes.length > 1;
  return { ...chart, title: portfolioTitle(chart.title, code, many) };
}
