import { BacktestInputsSchema, type BacktestInputs, type VarSettings } from '@fonrisk/contracts';
import { fieldErrors } from '../../../lib/field-errors.ts';
import {
  initialModel,
  missingModelFields,
  modelInputsOf,
  type ModelState,
} from '../../analysis-runs/components/model-fields.tsx';

export interface BacktestFormState extends ModelState {
  readonly portfolioCode: string | null;
  /** '' = the default period (last 250 business days). */
  readonly fromDate: string;
  readonly toDate: string;
}

export type BacktestFormField = keyof BacktestInputs;

export function initialBacktestForm(settings: VarSettings): BacktestFormState {
  return { ...initialModel(settings), portfolioCode: null, fromDate: '', toDate: '' };
}

export function backtestInputsOf(s: BacktestFormState): Record<string, unknown> {
  return {
    portfolioCode: s.portfolioCode ?? undefined,
    fromDate: s.fromDate || undefined,
    toDate: s.toDate || undefined,
    ...modelInputsOf(s),
  };
}

export type BacktestValidation =
  | { readonly ok: true; readonly inputs: BacktestInputs }
  | { readonly ok: false; readonly errors: Partial<Record<BacktestFormField, string>> };

/** Validates with the contract's BacktestInputsSchema; a missing portfolio gets its own message. */
export function validateBacktestForm(s: BacktestFormState): BacktestValidation {
  const parsed = BacktestInputsSchema.safeParse(backtestInputsOf(s));
  const required: Partial<Record<BacktestFormField, string>> = { ...missingModelFields(s) };
  if (s.portfolioCode === null) required.portfolioCode = 'portföy seçilmeli';
  if (parsed.success && Object.keys(required).length === 0)
    return { ok: true, inputs: parsed.data };
  return {
    ok: false,
    errors: {
      ...(parsed.success ? {} : fieldErrors<BacktestFormField>(parsed.error.issues)),
      ...required,
    },
  };
}
