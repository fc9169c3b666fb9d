import {
  VarInputsSchema,
  type HorizonScaling,
  type VarApproach,
  type VarInputs,
  type VarSettings,
} from '@fonrisk/contracts';
import { fieldErrors } from '../../../lib/field-errors.ts';
import { periodInputsOf, type PeriodState } from '../../../components/dates/period-fields.tsx';
import {
  initialModel,
  missingModelFields,
  modelInputsOf,
  optionalNumber,
  type ModelState,
} from '../../analysis-runs/components/model-fields.tsx';

/** What the varAnalysis form holds; numbers are '' while a field is empty. */
export interface VarFormState extends ModelState, PeriodState {
  readonly portfolioCodes: string[];
  readonly horizonDays: number | '';
  readonly horizonScaling: HorizonScaling;
  readonly approach: VarApproach;
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
    ...initialModel(settings),
    horizonDays: settings.horizonDays,
    horizonScaling: settings.horizonScaling,
    approach: settings.approach,
  };
}

/**
 * The run inputs of the form: every model parameter is sent explicitly (the run records what the
 * user saw); λ only for EWMA, draws and seed only for Monte Carlo; one date or a range.
 */
export function varInputsOf(s: VarFormState): Record<string, unknown> {
  const model = modelInputsOf(s);
  return {
    portfolioCodes: s.portfolioCodes,
    ...periodInputsOf(s),
    ...model,
    horizonDays: optionalNumber(s.horizonDays),
    horizonScaling: s.horizonScaling,
    approach: s.approach,
  };
}

export type VarValidation =
  | { readonly ok: true; readonly inputs: VarInputs }
  | { readonly ok: false; readonly errors: Partial<Record<VarFormField, string>> };

/** Validates with the contract's VarInputsSchema (the API's own check), Turkish messages per field. */
export function validateVarForm(s: VarFormState): VarValidation {
  const raw = varInputsOf(s);
  const required: Partial<Record<VarFormField, string>> = { ...missingModelFields(s) };
  if (s.horizonDays === '') required.horizonDays = 'elde tutma süresi gerekli';
  const parsed = VarInputsSchema.safeParse(raw);
  if (parsed.success && Object.keys(required).length === 0)
    return { ok: true, inputs: parsed.data };
  const errors = {
    ...(parsed.success ? {} : fieldErrors<VarFormField>(parsed.error.issues)),
    ...required,
  };
  return { ok: false, errors };
}
