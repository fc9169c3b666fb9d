import type {
  HorizonScaling,
  MeanHandling,
  ResolvedVarParameters,
  VarApproach,
  VarMethod,
} from './parameters.ts';
import { PRICE_BASIS_BY_CONVENTION } from '../market-data-admin.ts';
import type { VarSettings } from './var-settings.ts';

/**
 * The model parameters a run may give; each omitted one comes from the saved VaR settings. The
 * same names as VarInputs, BacktestInputs and IncrementalVarInputs (parameters.ts ModelFields).
 */
export interface ModelParameterInputs {
  readonly method?: VarMethod | undefined;
  readonly confidenceLevel?: number | undefined;
  readonly horizonDays?: number | undefined;
  readonly horizonScaling?: HorizonScaling | undefined;
  readonly windowDays?: number | undefined;
  readonly approach?: VarApproach | undefined;
  readonly lambda?: number | undefined;
  readonly draws?: number | undefined;
  readonly seed?: number | undefined;
  readonly mean?: MeanHandling | undefined;
}

/** The scaling rule as the result screens and the CLI print it. */
export function scalingRuleText(horizonDays: number, horizonScaling: HorizonScaling): string {
  if (horizonDays === 1) return 'RMD(1 gün)';
  return horizonScaling === 'sqrtTime'
    ? `RMD(${String(horizonDays)} gün) = RMD(1 gün) × √${String(horizonDays)}`
    : `RMD(${String(horizonDays)} gün): örtüşen ${String(horizonDays)} günlük getirilerden`;
}

/**
 * THE resolver of model parameters: a run's inputs merged over the saved settings (the worker
 * computes with it, the web forms preview with it). λ only for EWMA, draws and seed only for
 * Monte Carlo; null otherwise.
 */
export function resolveParameters(
  inputs: ModelParameterInputs,
  settings: VarSettings,
): ResolvedVarParameters {
  const method = inputs.method ?? settings.method;
  const horizonDays = inputs.horizonDays ?? settings.horizonDays;
  const horizonScaling = inputs.horizonScaling ?? settings.horizonScaling;
  return {
    method,
    confidenceLevel: inputs.confidenceLevel ?? settings.confidenceLevel,
    horizonDays,
    horizonScaling,
    scalingRule: scalingRuleText(horizonDays, horizonScaling),
    windowDays: inputs.windowDays ?? settings.windowDays,
    approach: inputs.approach ?? settings.approach,
    lambda: method === 'ewma' ? (inputs.lambda ?? settings.ewmaLambda) : null,
    draws: method === 'montecarlo' ? (inputs.draws ?? settings.monteCarloDraws) : null,
    seed: method === 'montecarlo' ? (inputs.seed ?? settings.monteCarloSeed) : null,
    mean: inputs.mean ?? settings.mean,
    // VaR and backtests read prices adjusted for corporate actions (decision 0017).
    priceBasis: PRICE_BASIS_BY_CONVENTION.varAndBacktest,
  };
}

/**
 * The limit approach of a portfolio: the run's own choice, else the portfolio's limit row in the
 * settings, else the settings' approach (the worker resolves a run with it, forms preview with it).
 */
export function approachFor(
  settings: VarSettings,
  portfolioCode: string | null,
  requested: VarApproach | undefined,
): VarApproach {
  return (
    requested ??
    settings.portfolioLimits.find((l) => l.portfolioCode === portfolioCode)?.approach ??
    settings.approach
  );
}
