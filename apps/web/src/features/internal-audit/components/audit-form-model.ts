import { InternalAuditInputsSchema, type InternalAuditInputs } from '@fonrisk/contracts';
import { fieldErrors } from '../../../lib/field-errors.ts';
import { periodInputsOf, type PeriodState } from '../../../components/dates/period-fields.tsx';
import type { Validation } from '../../analysis-runs/components/use-run-form.tsx';

/** What the internalAudit form holds. */
export interface AuditFormState extends PeriodState {
  readonly portfolioCodes: string[];
  readonly criterionCodes: string[];
  readonly updateTracking: boolean;
}

export type AuditFormField = keyof InternalAuditInputs;

export function initialAuditForm(): AuditFormState {
  return {
    portfolioCodes: [],
    dateMode: 'single',
    asOfDate: '',
    fromDate: '',
    toDate: '',
    criterionCodes: [],
    updateTracking: false,
  };
}

/** Validates with the contract's InternalAuditInputsSchema (the API's own check). */
export function validateAuditForm(
  s: AuditFormState,
): Validation<InternalAuditInputs, AuditFormField> {
  const parsed = InternalAuditInputsSchema.safeParse({
    portfolioCodes: s.portfolioCodes,
    ...periodInputsOf(s),
    ...(s.criterionCodes.length ? { criterionCodes: s.criterionCodes } : {}),
    updateTracking: s.updateTracking,
  });
  if (parsed.success) return { ok: true, inputs: parsed.data };
  return { ok: false, errors: fieldErrors<AuditFormField>(parsed.error.issues) };
}
