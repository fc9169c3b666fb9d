import { z } from 'zod';
import { backtestAnalysis } from './backtest.ts';
import { fundStatisticsAnalysis } from './fund-statistics.ts';
import { internalAuditAnalysis } from './internal-audit.ts';
import type { AnalysisDefinition } from './definition.ts';
import { incrementalVarAnalysis } from './incremental-var.ts';
import { leverageAnalysis } from './leverage.ts';
import { riskValueAnalysis } from './risk-value.ts';
import { RunSchema } from './runs.ts';
import { stressTestAnalysis } from './stress-test.ts';
import { activeShareAnalysis } from './active-share.ts';
import { riskGraphicAnalysis } from './risk-graphic.ts';
import { varAnalysis } from './var.ts';
import { bondAnalysis } from './bond-analysis.ts';
import { customerPerformanceReportAnalysis } from './customer-performance-report.ts';
import { performanceReportAnalysis } from './performance-report.ts';
import { liquidityTestAnalysis } from './liquidity-test.ts';
import { concentrationRiskAnalysis } from './concentration-risk.ts';

/**
 * Every analysis type, by its id (the `analysisType` of a run). Adding a type: its contract file
 * with `defineAnalysis` (see var.ts), one line here, a worker handler in ANALYSIS_HANDLERS and a
 * result screen in the web app's RESULT_SCREENS; the compiler lists whatever is missing.
 * Inputs follow one naming convention read by `runScope`: `portfolioCodes` (list),
 * `portfolioCode` or `fundCodes` (funds' unit-price series), and `asOfDate` or `fromDate`..`toDate`.
 */
export const ANALYSIS_TYPES = {
  var: varAnalysis,
  backtest: backtestAnalysis,
  leverage: leverageAnalysis,
  'incremental-var': incrementalVarAnalysis,
  'performance-report': performanceReportAnalysis,
  'customer-performance-report': customerPerformanceReportAnalysis,
  'bond-analysis': bondAnalysis,
  'internal-audit': internalAuditAnalysis,
  'fund-statistics': fundStatisticsAnalysis,
  'risk-value': riskValueAnalysis,
  'stress-test': stressTestAnalysis,
  'liquidity-test': liquidityTestAnalysis,
  'concentration-risk': concentrationRiskAnalysis,
  'active-share': activeShareAnalysis,
  'risk-graphic': riskGraphicAnalysis,
} as const;

export type AnalysisType = keyof typeof ANALYSIS_TYPES;
export const ANALYSIS_TYPE_IDS = Object.keys(ANALYSIS_TYPES) as AnalysisType[];

/** Validated inputs of a run of type T (defaults applied), as the worker handler receives them. */
export type AnalysisInputs<T extends AnalysisType> = z.output<
  (typeof ANALYSIS_TYPES)[T]['inputsSchema']
>;
/** Inputs of type T as a form sends them (defaulted fields optional). */
export type AnalysisInputsRequest<T extends AnalysisType> = z.input<
  (typeof ANALYSIS_TYPES)[T]['inputsSchema']
>;
/** The result document of a done run of type T. */
export type AnalysisResult<T extends AnalysisType> = z.output<
  (typeof ANALYSIS_TYPES)[T]['resultSchema']
>;

/**
 * The scenario `data` of a run's input bundle of type T (never: the type records none; its
 * bundle still has the recorded statements, decision 0041).
 */
export type AnalysisBundleData<T extends AnalysisType> = (typeof ANALYSIS_TYPES)[T] extends {
  readonly bundle?: infer B;
}
  ? B extends z.ZodType
    ? z.output<B>
    : never
  : never;

export type { AnalysisDefinition as AnalysisTypeDefinition } from './definition.ts';

export function isAnalysisType(value: string): value is AnalysisType {
  return Object.hasOwn(ANALYSIS_TYPES, value);
}

/** The definition of an analysis type, or null for an unknown id. */
export function findAnalysisType(id: string): AnalysisDefinition | null {
  return isAnalysisType(id) ? ANALYSIS_TYPES[id] : null;
}

type RequestOption<T extends AnalysisType> = z.ZodObject<
  {
    analysisType: z.ZodLiteral<T>;
    inputs: (typeof ANALYSIS_TYPES)[T]['inputsSchema'];
  },
  z.core.$strict
>;

function requestOption<T extends AnalysisType>(type: T): RequestOption<T> {
  return z.strictObject({
    analysisType: z.literal(type),
    inputs: ANALYSIS_TYPES[type].inputsSchema,
  });
}

/**
 * POST analyses/runs: a discriminated union on `analysisType`, so the body is validated with
 * the type's input schema by the route and the OpenAPI document shows every type's inputs.
 */
export const CreateRunRequestSchema = z.discriminatedUnion(
  'analysisType',
  [
    requestOption('var'),
    requestOption('backtest'),
    requestOption('leverage'),
    requestOption('incremental-var'),
    requestOption('performance-report'),
    requestOption('customer-performance-report'),
    requestOption('bond-analysis'),
    requestOption('internal-audit'),
    requestOption('fund-statistics'),
    requestOption('risk-value'),
    requestOption('stress-test'),
    requestOption('liquidity-test'),
    requestOption('concentration-risk'),
    requestOption('active-share'),
    requestOption('risk-graphic'),
  ],
  { error: 'bilinmeyen analiz türü' },
);
export type CreateRunRequest = z.input<typeof CreateRunRequestSchema>;

/** A request to start a run of type T, typed from its definition (web forms). */
export interface CreateRunRequestOf<T extends AnalysisType> {
  readonly analysisType: T;
  readonly inputs: AnalysisInputsRequest<T>;
}

type RunOption<T extends AnalysisType> = z.ZodObject<
  Omit<(typeof RunSchema)['shape'], 'analysisType' | 'result'> & {
    analysisType: z.ZodLiteral<T>;
    result: z.ZodNullable<(typeof ANALYSIS_TYPES)[T]['resultSchema']>;
  }
>;

function runOption<T extends AnalysisType>(type: T): RunOption<T> {
  return RunSchema.extend({
    analysisType: z.literal(type),
    result: ANALYSIS_TYPES[type].resultSchema.nullable(),
  });
}

/**
 * One run with its result document typed by its analysis type (GET analyses/runs/{id}): the
 * OpenAPI document shows each type's result schema.
 */
export const TypedRunSchema = z.discriminatedUnion('analysisType', [
  runOption('var'),
  runOption('backtest'),
  runOption('leverage'),
  runOption('incremental-var'),
  runOption('performance-report'),
  runOption('customer-performance-report'),
  runOption('bond-analysis'),
  runOption('internal-audit'),
  runOption('fund-statistics'),
  runOption('risk-value'),
  runOption('stress-test'),
  runOption('liquidity-test'),
  runOption('concentration-risk'),
  runOption('active-share'),
  runOption('risk-graphic'),
]);
export type TypedRun = z.output<typeof TypedRunSchema>;

/**
 * The response of GET analyses/runs/{id}: a typed run when its result matches its type's
 * schema (every run the worker stored does), else the generic shape, so a run stored by an older
 * engine is still served as it is.
 */
export const RunResponseSchema = z.union([TypedRunSchema, RunSchema]);
/** A run of type T with its typed result (null until done). */
export type RunOf<T extends AnalysisType> = Extract<TypedRun, { analysisType: T }>;

/** The portfolios and dates a run covers, read from its validated inputs (for lists and filters). */
export interface RunScope {
  readonly portfolioCodes: string[];
  readonly asOfDate: string | null;
  readonly fromDate: string | null;
  readonly toDate: string | null;
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

export function runScope(inputs: unknown): RunScope {
  const record =
    typeof inputs === 'object' && inputs !== null ? (inputs as Record<string, unknown>) : {};
  const list = record.portfolioCodes ?? record.fundCodes;
  const codes = Array.isArray(list)
    ? list.filter((c): c is string => typeof c === 'string')
    : typeof record.portfolioCode === 'string'
      ? [record.portfolioCode]
      : [];
  return {
    portfolioCodes: codes,
    asOfDate: stringOrNull(record.asOfDate),
    fromDate: stringOrNull(record.fromDate),
    toDate: stringOrNull(record.toDate),
  };
}
