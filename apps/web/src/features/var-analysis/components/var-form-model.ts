import { VarInputsSchema, type HorizonScaling, type VarApproach, type VarInputs, type VarMethod, type VarSettings } from '@fonrisk/contracts';
import { fieldErrors } from '../../../lib/field-errors.ts';

export type DateMode = 'single' | 'range';

/** What the varAnalysis form holds; numbers are '' while a field is empty. */
export interface VarFormState {
  readonly portfolioCodes: string[];
  readonly dateMode: DateMode;
  readonly asOfDate: string;
  readonly fromDate: string;
  readonly toDate: string;
  readonly method: VarMethod;
  /** Percent, e.g. 99. */
  readonly confidencePct: number | '';
  readonly horizonDays: number | '';
  readonly horizonScaling: HorizonScaling;
  readonly windowDays: number | '';
  readonly approach: VarApproach;
  readonly lambda: number | '';
  readonly draws: number | '';
  readonly seed: number | '';
}

export type VarFormField = keyof VarInputs;

/** The form as it opens: the saved defaults of varAnalysisSettings. */
export function initialVarForm(settings: VarSettings): VarFormState {
  return {
    portfolioCodes: [],
    dateMode: 'single',
    asOfDate: '',
    fromDate: '',
    toDate: '',
    method: settings.method,
    confidencePct: Math.round(settings.confidenceLevel * 10000) / 100,
    horizonDays: settings.horizonDays,
    horizonScaling: settings.horizonScaling,
    windowDays: settings.windowDays,
    approach: settings.approach,
    lambda: settings.ewmaLambda,
    draws: settings.monteCarloDraws,
    seed: settings.monteCarloSeed,
  };
}

const num = (v: number | ''): number | undefined => (v === '' ? undefined : v);

/**
 * The run inputs of the form: every model parameter is sent explicitly (the run records what the
 * user saw); λ only for EWMA, draws and seed only for Monte Carlo; one date or a range.
 */
export function varInputsOf(s: VarFormState): Record<string, unknown> {
  const confidence = num(s.confidencePct);
  return {
    portfolioCodes: s.portfolioCodes,
    ...(s.dateMode === 'single'
      ? { asOfDate: s.asOfDate || undefined }
      : { fromDate: s.fromDate || undefined, toDate: s.toDate || undefined }),
    method: s.method,
    confidenceLevel: confidence === undefined ? undefined : Math.round(confidence * 100) / 10000,
    horizonDays: num(s.horizonDays),
    horizonScaling: s.horizonScaling,
    windowDays: num(s.windowDays),
    approach: s.approach,
    ...(s.method === 'ewma' ? { lambda: num(s.lambda) } : {}),
    ...(s.method === 'montecarlo' ? { draws: num(s.draws), seed: num(s.seed) } : {}),
  };
}

export type VarValidation =
  | { readonly ok: true; readonly inputs: VarInputs }
  | { readonly ok: false; readonly errors: Partial<Record<VarFormField, string>> };

/** Validates with the contract's VarInputsSchema (the API's own check), Turkish messages per field. */
export function validateVarForm(s: VarFormState): VarValidation {
  const raw = varInputsOf(s);
  const required: Partial<Record<VarFormField, string>> = {};
  if (s.confidencePct === '') required.confidenceLevel = 'güven düzeyi gerekli';
  if (s.horizonDays === '') required.horizonDays = 'elde tutma süresi gerekli';
  if (s.windowDays === '') required.windowDays = 'gözlem süresi gerekli';
  const parsed = VarInputsSchema.safeParse(raw);
  if (parsed.success && Object.keys(required).length === 0) return { ok: true, inputs: parsed.data };
  const errors = { ...(parsed.success ? {} : fieldErrors<VarFormField>(parsed.error.issues)), ...required };
  return { ok: false, errors };
}
