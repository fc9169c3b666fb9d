import { LeverageInputsSchema, type LeverageInputs } from '@fonrisk/contracts';
import type { Validation } from '../../analysis-runs/components/use-run-form.tsx';
import { validationOf } from '../../analysis-runs/components/validation.ts';

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
  return validationOf(LeverageInputsSchema.safeParse(raw), {
    asOfDate: s.asOfDate === '' && 'analiz tarihi gerekli',
  });
}
