import {
  findAnalysisType,
  runScope,
  type AnalysisType,
  type AnalysisTypeDefinition,
  type ReportSection,
} from '@fonrisk/contracts';
import {
  eq,
  stressScenarios,
  type AnalysisRunRow,
  type Executor,
  type ReportRow,
} from '@fonrisk/db';
import { ensureShippedScenarios } from '../stress-scenarios/stress-scenarios.repository.ts';
import { findReusableRun } from './reports.repository.ts';

/**
 * Inputs a report adds when it starts an analysis whose form asks for more than portfolios and
 * dates: a stress test runs every shipped scenario (the board's standard set).
 */
export const REPORT_INPUT_DEFAULTS: Partial<
  Record<AnalysisType, (ex: Executor) => Promise<Record<string, unknown>>>
> = {
  'stress-test': async (ex) => {
    await ensureShippedScenarios(ex);
    return {
      scenarioIds: (
        await ex
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

type ReportDates = Pick<ReportRow, 'asOfDate' | 'fromDate' | 'toDate'>;

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
  row: ReportDates,
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
  row: ReportDates,
): boolean {
  if (row.asOfDate !== null)
    return (
      scope.asOfDate === row.asOfDate || (scope.asOfDate === null && scope.toDate === row.asOfDate)
    );
  return scope.fromDate === row.fromDate && scope.toDate === row.toDate;
}

/** The source run of an analysis-based report: its type, portfolios and dates. */
export type SourceRunScope = Pick<
  AnalysisRunRow,
  'id' | 'analysisType' | 'portfolioCodes' | 'asOfDate' | 'fromDate' | 'toDate'
>;

/** How one analysis section of one chapter (portfolio) gets its run. */
export type SectionPlan =
  /** The section shows this note instead of figures. */
  | { readonly kind: 'note'; readonly text: string }
  /** A finished run already covers it (the source run, or one of the same scope). */
  | { readonly kind: 'reuse'; readonly portfolioCode: string | null; readonly runId: string }
  /** A run of these inputs is to be started. */
  | {
      readonly kind: 'start';
      readonly type: AnalysisTypeDefinition;
      readonly portfolioCode: string;
      readonly inputs: Record<string, unknown>;
    }
  /** No inputs the type accepts: the report cannot be made. */
  | { readonly kind: 'invalid'; readonly message: string };

/**
 * The run of one analysis section for one chapter (`code`; null for the one chapter of an
 * analysis-based report): what the report generator does, and what a report request is checked
 * against when it is submitted (the same resolution, so the check is never stricter).
 */
export async function planSection(
  ex: Executor,
  p: {
    readonly section: Extract<ReportSection, { kind: 'analysis' }>;
    readonly code: string | null;
    readonly source: SourceRunScope | undefined;
    readonly row: ReportDates;
    readonly allowed: (module: number | null) => boolean;
  },
): Promise<SectionPlan> {
  const { section, code, source, row } = p;
  const type = findAnalysisType(section.analysisType);
  if (!type)
    return {
      kind: 'note',
      text: `Bu bölümün analiz türü (${section.analysisType}) henüz sistemde tanımlı değil; tür eklendiğinde rapor bu bölümü kendiliğinden doldurur.`,
    };
  if (!p.allowed(type.module))
    return {
      kind: 'note',
      text: `Bu bölüm için gereken modüle (Modül ${String(type.module)}) yetkiniz yok.`,
    };
  if (source && source.analysisType === type.id)
    return { kind: 'reuse', portfolioCode: code, runId: source.id };
  const codes = code === null ? (source?.portfolioCodes ?? []) : [code];
  if (codes.length !== 1)
    return { kind: 'note', text: 'Bu bölüm tek bir portföy için hesaplanabilir.' };
  const portfolioCode = codes[0]!;
  const dates = code === null && source ? source : row;
  const reusable = await findReusableRun(ex, {
    analysisType: type.id,
    portfolioCode,
    asOfDate: dates.asOfDate,
    fromDate: dates.fromDate,
    toDate: dates.toDate,
  });
  if (reusable) return { kind: 'reuse', portfolioCode, runId: reusable.id };
  const defaults = (await REPORT_INPUT_DEFAULTS[type.id as AnalysisType]?.(ex)) ?? {};
  const candidates = inputCandidates(
    { ...section, inputs: { ...defaults, ...section.inputs } },
    type,
    portfolioCode,
    dates,
  );
  const parsed = candidates.map((c) => type.inputsSchema.safeParse(c));
  // The first inputs the type accepts that keep the report's date (a type without
  // `asOfDate` would otherwise compute another date).
  const ok = parsed.find((r) => r.success && coversDates(runScope(r.data), dates));
  if (!ok?.success) {
    const issue = parsed[0]?.error?.issues[0];
    return {
      kind: 'invalid',
      message: `"${section.title ?? type.title}" bölümü (${portfolioCode}) için analiz girdileri geçersiz: ${issue ? `${issue.path.join('.')} ${issue.message}` : 'bilinmeyen hata'}`,
    };
  }
  return { kind: 'start', type, portfolioCode, inputs: ok.data };
}
