import { LeverageInputsSchema, type LeverageInputs } from '@fonrisk/contracts';
import { fieldErrors } from '../../../lib/field-errors.ts';
import type { Validation } from '../../analysis-runs/components/use-run-form.tsx';

export interface LeverageFormState {
  readonly portfolioCodes: string[];
  readonly asOfDate: string;
  readonly hedgeInstrumentCodes: string[];
}

export type LeverageFormField = keyof LeverageInputs;

export const INITIAL_LEVERAGE_FORM: LeverageFormState = {
  portfolioCodes: [],
  asOfDate: '',
  hedgeInstrumentCodes: [],
};

export function validateLeverageForm(
  s: LeverageFormState,
): Validation<LeverageInputs, LeverageFormField> {
  const raw = {
    portfolioCodes: s.portfolioCodes,
    asOfDate: s.asOfDate || undefined,
    ...(s.hedgeInstrumentCodes.length > 0 ? { hedgeInstrumentCodes: s.hedgeInstrumentCodes } : {}),
  };
  const parsed = LeverageInputsSchema.safeParse(raw);
  if (parsed.success) return { ok: true, inputs: parsed.data };
  const errors = fieldErrors<LeverageFormField>(parsed.error.issues);
  if (s.asOfDate === '') errors.asOfDate = 'analiz tarihi gerekli';
  return { ok: false, errors };
}
