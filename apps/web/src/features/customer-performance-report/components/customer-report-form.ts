import {
  CustomerPerformanceReportInputsSchema,
  type CustomerPerformanceReportInputs,
} from '@fonrisk/contracts';
import type { Validation } from '../../analysis-runs/components/use-run-form.tsx';
import { validationOf } from '../../analysis-runs/components/validation.ts';

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
  return validationOf(
    CustomerPerformanceReportInputsSchema.safeParse({
      portfolioCode: s.portfolioCode ?? '',
      fromDate: s.fromDate,
      toDate: s.toDate,
    }),
    {
      portfolioCode: s.portfolioCode === null && 'portföy seçilmeli',
      fromDate: s.fromDate === '' && 'başlangıç tarihi gerekli',
      toDate: s.toDate === '' && 'bitiş tarihi gerekli',
    },
  );
}
