import { InternalAuditInputsSchema, type InternalAuditInputs } from '@fonrisk/contracts';
import { periodInputsOf, type PeriodState } from '../../../components/dates/period-fields.tsx';
import type { Validation } from '../../analysis-runs/components/use-run-form.tsx';
import { validationOf } from '../../analysis-runs/components/validation.ts';

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
  return validationOf(
    InternalAuditInputsSchema.safeParse({
      portfolioCodes: s.portfolioCodes,
      ...periodInputsOf(s),
      ...(s.criterionCodes.length ? { criterionCodes: s.criterionCodes } : {}),
      updateTracking: s.updateTracking,
    }),
  );
}
