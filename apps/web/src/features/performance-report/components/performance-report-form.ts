import { PerformanceReportInputsSchema, type PerformanceReportInputs } from '@fonrisk/contracts';
import type { Validation } from '../../analysis-runs/components/use-run-form.tsx';
import { fieldErrors } from '../../../lib/field-errors.ts';

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
  const parsed = PerformanceReportInputsSchema.safeParse({
    portfolioCode: s.portfolioCode ?? '',
    asOfDate: s.asOfDate,
    ...(s.fromDate ? { fromDate: s.fromDate } : {}),
    annualFeeRatePct: s.annualFeeRatePct === '' ? undefined : s.annualFeeRatePct,
  });
  if (parsed.success) return { ok: true, inputs: parsed.data };
  const errors = fieldErrors<PerformanceReportField>(parsed.error.issues);
  if (s.portfolioCode === null) errors.portfolioCode = 'fon seçilmeli';
  if (s.asOfDate === '') errors.asOfDate = 'rapor tarihi gerekli';
  return { ok: false, errors };
}
