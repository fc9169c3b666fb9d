import {
  RISK_VALUE_MIN_WEEKS_DEFAULT,
  RiskValueInputsSchema,
  type RiskValueInputs,
  type WeeklyReturnMethodInput,
} from '@fonrisk/contracts';
import type { Validation } from '../../analysis-runs/components/use-run-form.tsx';
import { validationOf } from '../../analysis-runs/components/validation.ts';

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
  return validationOf(
    RiskValueInputsSchema.safeParse({
      portfolioCodes: s.portfolioCodes,
      asOfDate: s.asOfDate || undefined,
      weeklyReturnMethod: s.weeklyReturnMethod,
      minWeeks: s.minWeeks === '' ? undefined : s.minWeeks,
    }),
    { asOfDate: s.asOfDate === '' && 'hesap tarihi gerekli' },
  );
}
