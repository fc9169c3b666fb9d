import {
  RISK_VALUE_MIN_WEEKS_DEFAULT,
  RiskValueInputsSchema,
  type RiskValueInputs,
  type WeeklyReturnMethodInput,
} from '@fonrisk/contracts';
import { fieldErrors } from '../../../lib/field-errors.ts';
import type { Validation } from '../../analysis-runs/components/use-run-form.tsx';

export interface RiskValueFormState {
  readonly portfolioCodes: string[];
  readonly asOfDate: string;
  readonly weeklyReturnMethod: WeeklyReturnMethodInput;
  readonly minWeeks: number | '';
}

export type RiskValueFormField = keyof RiskValueInputs;

export const INITIAL_RISK_VALUE_FORM: RiskValueFormState = {
  portfolioCodes: [],
  asOfDate: '',
  weeklyReturnMethod: 'first-to-last',
  minWeeks: RISK_VALUE_MIN_WEEKS_DEFAULT,
};

export function validateRiskValueForm(
  s: RiskValueFormState,
): Validation<RiskValueInputs, RiskValueFormField> {
  const parsed = RiskValueInputsSchema.safeParse({
    portfolioCodes: s.portfolioCodes,
    asOfDate: s.asOfDate || undefined,
    weeklyReturnMethod: s.weeklyReturnMethod,
    minWeeks: s.minWeeks === '' ? undefined : s.minWeeks,
  });
  if (parsed.success) return { ok: true, inputs: parsed.data };
  const errors = fieldErrors<RiskValueFormField>(parsed.error.issues);
  if (s.asOfDate === '') errors.asOfDate = 'hesap tarihi gerekli';
  return { ok: false, errors };
}
