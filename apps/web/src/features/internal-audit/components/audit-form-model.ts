import { InternalAuditInputsSchema, type InternalAuditInputs } from '@fonrisk/contracts';
import { fieldErrors } from '../../../lib/field-errors.ts';
import type { Validation } from '../../analysis-runs/components/use-run-form.tsx';

export type DateMode = 'single' | 'range';

/** What the internalAudit form holds. */
export interface AuditFormState {
  readonly portfolioCodes: string[];
  readonly dateMode: DateMode;
  readonly asOfDate: string;
  readonly fromDate: string;
  readonly toDate: string;
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
    ...(s.dateMode === 'single'
      ? { asOfDate: s.asOfDate || undefined }
      : { fromDate: s.fromDate || undefined, toDate: s.toDate || undefined }),
    ...(s.criterionCodes.length ? { criterionCodes: s.criterionCodes } : {}),
    updateTracking: s.updateTracking,
  });
  if (parsed.success) return { ok: true, inputs: parsed.data };
  return { ok: false, errors: fieldErrors<AuditFormField>(parsed.error.issues) };
}
