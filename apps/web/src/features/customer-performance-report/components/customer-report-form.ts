import {
  CustomerPerformanceReportInputsSchema,
  type CustomerPerformanceReportInputs,
} from '@fonrisk/contracts';
import type { Validation } from '../../analysis-runs/components/use-run-form.tsx';
import { fieldErrors } from '../../../lib/field-errors.ts';

export interface CustomerReportFormState {
  readonly portfolioCode: string | null;
  readonly fromDate: string;
  readonly toDate: string;
}

export type CustomerReportField = keyof CustomerPerformanceReportInputs;

export const INITIAL_CUSTOMER_REPORT_FORM: CustomerReportFormState = {
  portfolioCode: null,
  fromDate: '',
  toDate: '',
};

export function validateCustomerReportForm(
  s: CustomerReportFormState,
): Validation<CustomerPerformanceReportInputs, CustomerReportField> {
  const parsed = CustomerPerformanceReportInputsSchema.safeParse({
    portfolioCode: s.portfolioCode ?? '',
    fromDate: s.fromDate,
    toDate: s.toDate,
  });
  if (parsed.success) return { ok: true, inputs: parsed.data };
  const errors = fieldErrors<CustomerReportField>(parsed.error.issues);
  if (s.portfolioCode === null) errors.portfolioCode = 'portföy seçilmeli';
  if (s.fromDate === '') errors.fromDate = 'başlangıç tarihi gerekli';
  if (s.toDate === '') errors.toDate = 'bitiş tarihi gerekli';
  return { ok: false, errors };
}
