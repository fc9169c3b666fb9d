import {
  STRESS_EQUITY_INDEX_DEFAULT,
  StressTestInputsSchema,
  type StressTestInputs,
} from '@fonrisk/contracts';
import { fieldErrors } from '../../../lib/field-errors.ts';
import type { Validation } from '../../analysis-runs/components/use-run-form.tsx';

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
  const parsed = StressTestInputsSchema.safeParse({
    portfolioCodes: s.portfolioCodes,
    asOfDate: s.asOfDate || undefined,
    scenarioIds: s.scenarioIds.map(Number),
    equityIndexTicker: s.equityIndexTicker.trim() || undefined,
    ...(s.reverseLossPct === '' ? {} : { reverseLossPct: s.reverseLossPct }),
  });
  if (parsed.success) return { ok: true, inputs: parsed.data };
  const errors = fieldErrors<StressFormField>(parsed.error.issues);
  if (s.asOfDate === '') errors.asOfDate = 'değerleme tarihi gerekli';
  return { ok: false, errors };
}
