import { z } from 'zod';
import { IsoDateSchema } from '../market-values.ts';

/**
 * The input bundle of a run (docs/decisions/0040-pricing-in-the-library-and-input-bundles.md,
 * 0041-every-run-replayable.md): everything a finished run read, in one JSON file, so that
 * `fonrisk replay bundle.json` re-runs the type's handler on exactly those answers with this
 * version's code and compares the result with the stored one. The worker records every SQL
 * statement the handler ran with its answer (`reads`) at run time (`analysis_run_bundles`, gzip);
 * the API adds the run's identity, inputs, parameters, engine version, data dates and stored
 * result when it serves `GET /api/analyses/runs/{id}/bundle`.
 *
 * Numbers are JSON numbers (a double survives JSON exactly); a market value missing on a
 * calendar date is null (NaN in packages/risk).
 */

export const INPUT_BUNDLE_FORMAT = 'fonrisk-input-bundle';
/** 2: every type, with `reads` (decision 0041). 1: the scenario `data` of var only (decision 0040). */
export const INPUT_BUNDLE_VERSION = 2;
export const LEGACY_INPUT_BUNDLE_VERSION = 1;

const NullableNumbers = z.array(z.number().nullable());

/** Terms of an instrument as the pricer reads them (packages/risk ScenarioTerms). */
const BundleTermsSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('bond'),
    couponType: z.enum(['fixed', 'floating', 'cpiLinked', 'discount']),
    couponRatePct: z.number(),
    couponFrequency: z.number(),
    dayCount: z.enum(['ACT/365', 'ACT/360', 'ACT/ACT', '30/360']),
    issueDate: IsoDateSchema,
    maturityDate: IsoDateSchema,
  }),
  z.object({
    kind: z.literal('option'),
    underlying: z.string(),
    strike: z.number(),
    expiryDate: IsoDateSchema,
    optionType: z.enum(['call', 'put']),
    contractSize: z.number(),
  }),
  z.object({
    kind: z.literal('future'),
    underlying: z.string(),
    contractSize: z.number(),
  }),
  z.object({
    kind: z.literal('fund'),
    fundCategory: z.string().nullable().optional(),
    exposureCurrency: z.string().nullable().optional(),
  }),
  z.object({ kind: z.literal('none') }),
]);

/** One position as priced: holding joined with its instrument and ticker mapping (risk PositionInput). */
export const BundlePositionSchema = z.object({
  instrumentCode: z.string(),
  instrumentName: z.string().nullable(),
  mainType: z.string(),
  currency: z.string(),
  nominalValue: z.number().nullable(),
  valueTry: z.number(),
  maturityDate: z.string().nullable(),
  ratePct: z.number().nullable(),
  modifiedDuration: z.number().nullable(),
  terms: BundleTermsSchema.nullable(),
  mappingTicker: z.string().nullable(),
  underlyingTicker: z.string().nullable(),
  underlyingIsFuture: z.boolean(),
});
export type BundlePosition = z.infer<typeof BundlePositionSchema>;

/** The holdings of one portfolio on one date (members summed per instrument). */
export const BundleHoldingsSchema = z.object({
  portfolioCode: z.string(),
  date: IsoDateSchema,
  navTry: z.number(),
  positions: z.array(BundlePositionSchema),
});

/** Market series and FX rates aligned to one calendar (risk MarketData). */
export const BundleMarketSchema = z.object({
  dates: z.array(IsoDateSchema),
  series: z.array(
    z.object({
      ticker: z.string(),
      kind: z.string(),
      currency: z.string(),
      tenorDays: z.number().nullable(),
      values: NullableNumbers,
    }),
  ),
  /** TRY per unit of currency, aligned to `dates`. */
  fx: z.array(z.object({ currency: z.string(), values: NullableNumbers })),
});
export type BundleMarket = z.infer<typeof BundleMarketSchema>;

/** One scenario-risk computation: which holdings on which market window with which model. */
export const BundleEvaluationSchema = z.object({
  portfolioCode: z.string(),
  date: IsoDateSchema,
  /** Index into `markets`. */
  market: z.number().int().min(0),
  window: z.object({
    endIndex: z.number().int(),
    scenarios: z.number().int(),
    stepDays: z.number().int(),
    valuationIndex: z.number().int().optional(),
  }),
  /** The library's model (risk RiskModel): horizonDays is the √h factor applied by the library. */
  model: z.object({
    method: z.enum(['historical', 'parametric', 'ewma', 'montecarlo', 'cornishFisher']),
    confidenceLevel: z.number(),
    horizonDays: z.number(),
    lambda: z.number(),
    draws: z.number(),
    seed: z.number(),
    mean: z.enum(['include', 'exclude']),
  }),
  /** The result carries the position decomposition of this evaluation (incremental VaR). */
  detail: z.boolean(),
});
export type BundleEvaluation = z.infer<typeof BundleEvaluationSchema>;

/**
 * What a scenario-based run (var, backtest, leverage, incremental-var) read: the holdings, the
 * market windows, the stored settings, and the evaluations that produced its VaR figures.
 */
export const ScenarioBundleDataSchema = z.object({
  holdings: z.array(BundleHoldingsSchema),
  markets: z.array(BundleMarketSchema),
  /** Stored settings the run read (e.g. the VaR settings). */
  settings: z.record(z.string(), z.unknown()).nullable(),
  evaluations: z.array(BundleEvaluationSchema),
});
export type ScenarioBundleData = z.infer<typeof ScenarioBundleDataSchema>;

/**
 * One SQL statement the run's handler sent, with the answer it got (decision 0041). `values` and
 * `rows` are in the lossless JSON form of the worker's value codec (runner/value-codec.ts): plain
 * JSON values as they are, and `{"$t": ...}` objects for a Date, bytes, NaN, ±Infinity, -0, a
 * bigint or undefined. `rows` are the driver's rows after its type parsing (arrays when `rowMode`
 * is 'array').
 */
export const RecordedStatementSchema = z.object({
  text: z.string(),
  values: z.array(z.unknown()),
  rowMode: z.literal('array').nullable(),
  rows: z.array(z.unknown()),
  rowCount: z.number().int().nullable(),
  command: z.string().nullable(),
  /** The statement failed: the driver's message and SQLSTATE (the replay throws the same). */
  error: z.object({ message: z.string(), code: z.string().nullable() }).nullable(),
});
export type RecordedStatement = z.infer<typeof RecordedStatementSchema>;

/** What the worker stores (gzip) for a done run: the statements, and the scenario data if any. */
/**
 * The one state of the database a run read (issue 22, decision 0048): its statements were answered
 * in a REPEATABLE READ transaction whose snapshot was taken at `takenAt` (UTC).
 */
export const RunSnapshotInfoSchema = z.object({
  isolation: z.literal('repeatable read'),
  takenAt: z.string(),
});
export type RunSnapshotInfo = z.infer<typeof RunSnapshotInfoSchema>;

export const StoredBundleSchema = z.object({
  reads: z.array(RecordedStatementSchema),
  /** The scenario data of var, backtest, leverage and incremental-var (decision 0040). */
  data: z.record(z.string(), z.unknown()).nullable(),
  /** Null in bundles stored before the runs read one snapshot. */
  snapshot: RunSnapshotInfoSchema.nullable().default(null),
});
export type StoredBundle = z.infer<typeof StoredBundleSchema>;

const bundleEnvelope = {
  format: z.literal(INPUT_BUNDLE_FORMAT),
  runId: z.uuid(),
  analysisType: z.string(),
  /** Version of packages/risk that computed the stored result. */
  engineVersion: z.string().nullable(),
  /** The data dates the run used (holdings dates, market data through...). */
  dataDates: z.record(z.string(), z.unknown()).nullable(),
  /** The run's inputs as validated (defaults applied). */
  inputs: z.record(z.string(), z.unknown()),
  /** The resolved parameters (the run's inputs merged with the saved settings), when the type has them. */
  parameters: z.unknown().nullable(),
  /** The stored result, to compare a replay with. */
  result: z.record(z.string(), z.unknown()),
};

/**
 * The file `GET analyses/runs/{id}/bundle` serves: version 2 for every run of every type
 * (`reads`, replayed by re-running the handler), version 1 for a var/backtest/leverage/
 * incremental-var run stored before decision 0041 (scenario `data` only).
 */
export const InputBundleSchema = z.object({
  ...bundleEnvelope,
  version: z.literal(INPUT_BUNDLE_VERSION),
  /** Every statement the handler ran, with its answer, in the order they were answered. */
  reads: z.array(RecordedStatementSchema),
  /** The snapshot the reads were answered in (null: a bundle from before decision 0048). */
  snapshot: RunSnapshotInfoSchema.nullable().default(null),
  /** The scenario data (var, backtest, leverage, incremental-var), else null. */
  data: z.record(z.string(), z.unknown()).nullable(),
});
export type InputBundle = z.infer<typeof InputBundleSchema>;

export const LegacyInputBundleSchema = z.object({
  ...bundleEnvelope,
  version: z.literal(LEGACY_INPUT_BUNDLE_VERSION),
  data: z.record(z.string(), z.unknown()),
});
export type LegacyInputBundle = z.infer<typeof LegacyInputBundleSchema>;

export const AnyInputBundleSchema = z.discriminatedUnion('version', [
  InputBundleSchema,
  LegacyInputBundleSchema,
]);
export type AnyInputBundle = z.infer<typeof AnyInputBundleSchema>;
