import { PerformanceReportInputsSchema, type PerformanceReportInputs } from '@fonrisk/contracts';
import type { Validation } from '../../analysis-runs/components/use-run-form.tsx';
import { validationOf } from '../../analysis-runs/components/validation.ts';

export interface PerformanceReportFormState {
  readonly portfolioCode: string | null;
  readonly asOfDate: string;
  readonly fromDate: string;
  readonly annualFeeRatePct: number | '';
}

export type PerformanceReportField = keyof PerformanceReportInputs;

export const INITIAL_PERFORMANCE_REPORT_FORM: PerformanceReportFormState = {
  portfolioCode: null,
  asOfDate: '',
  fromDate: '',
  annualFeeRatePct: '',
};

export function validatePerformanceReportForm(
  s: PerformanceReportFormState,
): Validation<PerformanceReportInputs, PerformanceReportField> {
  return validationOf(
    PerformanceReportInputsSchema.safeParse({
      portfolioCode: s.portfolioCode ?? '',
      asOfDate: s.asOfDate,
      ...(s.fromDate ? { fromDate: s.fromDate } : {}),
      annualFeeRatePct: s.annualFeeRatePct === '' ? undefined : s.annualFeeRatePct,
    }),
    {
      portfolioCode: s.portfolioCode === null && 'fon seçilmeli',
      asOfDate: s.asOfDate === '' && 'rapor tarihi gerekli',
    },
  );
}
