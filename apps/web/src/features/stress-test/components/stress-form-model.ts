import {
  STRESS_EQUITY_INDEX_DEFAULT,
  StressTestInputsSchema,
  type StressTestInputs,
} from '@fonrisk/contracts';
import type { Validation } from '../../analysis-runs/components/use-run-form.tsx';
import { validationOf } from '../../analysis-runs/components/validation.ts';

export interface StressFormState {
  readonly portfolioCodes: string[];
  readonly asOfDate: string;
  readonly scenarioIds: string[];
  readonly equityIndexTicker: string;
  readonly reverseLossPct: number | '';
}

export type StressFormField = keyof StressTestInputs;

export const INITIAL_STRESS_FORM: StressFormState = {
  portfolioCodes: [],
  asOfDate: '',
  scenarioIds: [],
  equityIndexTicker: STRESS_EQUITY_INDEX_DEFAULT,
  reverseLossPct: '',
};

export function validateStressForm(
  s: StressFormState,
): Validation<StressTestInputs, StressFormField> {
  return validationOf(
    StressTestInputsSchema.safeParse({
      portfolioCodes: s.portfolioCodes,
      asOfDate: s.asOfDate || undefined,
      scenarioIds: s.scenarioIds.map(Number),
      equityIndexTicker: s.equityIndexTicker.trim() || undefined,
      ...(s.reverseLossPct === '' ? {} : { reverseLossPct: s.reverseLossPct }),
    }),
    { asOfDate: s.asOfDate === '' && 'değerleme tarihi gerekli' },
  );
}
