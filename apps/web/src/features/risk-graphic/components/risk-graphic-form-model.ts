import {
  RISK_GRAPHIC_TOP_POSITIONS_DEFAULT,
  RiskGraphicInputsSchema,
  type CorrelationBasis,
  type RiskGraphicInputs,
} from '@fonrisk/contracts';
import { fieldErrors } from '../../../lib/field-errors.ts';
import type { Validation } from '../../analysis-runs/components/use-run-form.tsx';

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
  const parsed = RiskGraphicInputsSchema.safeParse({
    portfolioCodes: s.portfolioCodes,
    fromDate: s.fromDate || undefined,
    toDate: s.toDate || undefined,
    correlationBasis: s.correlationBasis,
    topPositions: s.topPositions === '' ? undefined : s.topPositions,
  });
  if (parsed.success) return { ok: true, inputs: parsed.data };
  const errors = fieldErrors<RiskGraphicFormField>(parsed.error.issues);
  if (s.fromDate === '') errors.fromDate = 'başlangıç tarihi gerekli';
  if (s.toDate === '') errors.toDate = 'bitiş tarihi gerekli';
  return { ok: false, errors };
}
