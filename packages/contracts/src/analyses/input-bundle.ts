import { z } from 'zod';
import { IsoDateSchema } from '../market-values.ts';

/**
 * The input bundle of a run (docs/decisions/0040-pricing-in-the-library-and-input-bundles.md):
 * everything a finished run read, in one JSON file, so that `fonrisk replay bundle.json`
 * recomputes its figures with the same packages/risk code and compares them with the stored
 * result. The worker records the data at run time (`analysis_run_bundles`, gzip); the API adds
 * the run's identity, parameters, engine version, data dates and stored result when it serves
 * `GET /api/analyses/runs/{id}/bundle`.
 *
 * Numbers are JSON numbers (a double survives JSON exactly); a market value missing on a
 * calendar date is null (NaN in packages/risk).
 */

export const INPUT_BUNDLE_FORMAT = 'fonrisk-input-bundle';
export const INPUT_BUNDLE_VERSION = 1;

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
  z.object({ kind: z.enum(['fund', 'none']) }),
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

/** The file `GET analyses/runs/{id}/bundle` serves (`data` typed by the run's definition). */
export const InputBundleSchema = z.object({
  format: z.literal(INPUT_BUNDLE_FORMAT),
  version: z.literal(INPUT_BUNDLE_VERSION),
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
  data: z.record(z.string(), z.unknown()),
  /** The stored result, to compare a replay with. */
  result: z.record(z.string(), z.unknown()),
});
export type InputBundle = z.infer<typeof InputBundleSchema>;
