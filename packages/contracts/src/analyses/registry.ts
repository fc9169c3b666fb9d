import type { z } from 'zod';
import type { ModuleNumber } from '../modules.ts';
import {
  BacktestInputsSchema,
  BacktestResultSchema,
  IncrementalVarInputsSchema,
  IncrementalVarResultSchema,
  LeverageInputsSchema,
  LeverageResultSchema,
  VarInputsSchema,
  VarResultSchema,
} from './module1.ts';
import { RiskValueInputsSchema, RiskValueResultSchema } from './risk-value.ts';
import { StressTestInputsSchema, StressTestResultSchema } from './stress-test.ts';

/** What the run machinery needs to know of an analysis type. */
export interface AnalysisTypeDefinition {
  readonly id: string;
  readonly module: ModuleNumber;
  /** Turkish title (run lists, exports). */
  readonly title: string;
  /** The screen (route path of contracts ROUTES) that starts this analysis. */
  readonly runRoute: string;
  /** The screen that lists and opens its runs. */
  readonly resultRoute: string;
  readonly inputsSchema: z.ZodType;
  readonly resultSchema: z.ZodType;
}

/**
 * Every analysis type, by its id (the `analysisType` of a run). Inputs follow one naming
 * convention read by `runScope`: `portfolioCodes` (list) or `portfolioCode`, and `asOfDate` or
 * `fromDate`..`toDate`.
 */
export const ANALYSIS_TYPES = {
  var: {
    id: 'var',
    module: 1,
    title: 'RMD Analizi',
    runRoute: 'varAnalysis',
    resultRoute: 'var-analysis-result',
    inputsSchema: VarInputsSchema,
    resultSchema: VarResultSchema,
  },
  backtest: {
    id: 'backtest',
    module: 1,
    title: 'Geriye Dönük Test',
    runRoute: 'backtest',
    resultRoute: 'backtest-result',
    inputsSchema: BacktestInputsSchema,
    resultSchema: BacktestResultSchema,
  },
  leverage: {
    id: 'leverage',
    module: 1,
    title: 'Kaldıraç Analizi',
    runRoute: 'leverage-analysis',
    resultRoute: 'leverage-analysis-result',
    inputsSchema: LeverageInputsSchema,
    resultSchema: LeverageResultSchema,
  },
  'incremental-var': {
    id: 'incremental-var',
    module: 1,
    title: 'Artımsal RMD',
    runRoute: 'incremental-var',
    resultRoute: 'incremental-var-result',
    inputsSchema: IncrementalVarInputsSchema,
    resultSchema: IncrementalVarResultSchema,
  },
  'risk-value': {
    id: 'risk-value',
    module: 2,
    title: 'Risk Değeri',
    runRoute: 'risk-value',
    resultRoute: 'risk-value-result',
    inputsSchema: RiskValueInputsSchema,
    resultSchema: RiskValueResultSchema,
  },
  'stress-test': {
    id: 'stress-test',
    module: 2,
    title: 'Stres Testi',
    runRoute: 'stress-test',
    resultRoute: 'stress-test-result',
    inputsSchema: StressTestInputsSchema,
    resultSchema: StressTestResultSchema,
  },
} as const satisfies Record<string, AnalysisTypeDefinition>;

export type AnalysisType = keyof typeof ANALYSIS_TYPES;
export const ANALYSIS_TYPE_IDS = Object.keys(ANALYSIS_TYPES) as AnalysisType[];

export function isAnalysisType(value: string): value is AnalysisType {
  return Object.hasOwn(ANALYSIS_TYPES, value);
}

/** The definition of an analysis type, or null for an unknown id. */
export function findAnalysisType(id: string): AnalysisTypeDefinition | null {
  return isAnalysisType(id) ? ANALYSIS_TYPES[id] : null;
}

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
  const list = record.portfolioCodes;
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
