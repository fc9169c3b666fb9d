import {
  RISK_GRAPHIC_TOP_POSITIONS_DEFAULT,
  RiskGraphicInputsSchema,
  type CorrelationBasis,
  type RiskGraphicInputs,
} from '@fonrisk/contracts';
import type { Validation } from '../../analysis-runs/components/use-run-form.tsx';
import { validationOf } from '../../analysis-runs/components/validation.ts';

export interface RiskGraphicFormState {
  readonly portfolioCodes: string[];
  readonly fromDate: string;
  readonly toDate: string;
  readonly correlationBasis: CorrelationBasis;
  readonly topPositions: number | '';
}

export type RiskGraphicFormField = keyof RiskGraphicInputs;

export const INITIAL_RISK_GRAPHIC_FORM: RiskGraphicFormState = {
  portfolioCodes: [],
  fromDate: '',
  toDate: '',
  correlationBasis: 'portfolios',
  topPositions: RISK_GRAPHIC_TOP_POSITIONS_DEFAULT,
};

/** The form state of a stored run's inputs (the screen opens on the latest run), or null. */
export function formStateOfInputs(inputs: unknown): RiskGraphicFormState | null {
  const parsed = RiskGraphicInputsSchema.safeParse(inputs);
  return parsed.success ? { ...parsed.data } : null;
}

export function validateRiskGraphicForm(
  s: RiskGraphicFormState,
): Validation<RiskGraphicInputs, RiskGraphicFormField> {
  return validationOf(
    RiskGraphicInputsSchema.safeParse({
      portfolioCodes: s.portfolioCodes,
      fromDate: s.fromDate || undefined,
      toDate: s.toDate || undefined,
      correlationBasis: s.correlationBasis,
      topPositions: s.topPositions === '' ? undefined : s.topPositions,
    }),
    {
      fromDate: s.fromDate === '' && 'başlangıç tarihi gerekli',
      toDate: s.toDate === '' && 'bitiş tarihi gerekli',
    },
  );
}
