import {
  ACTIVE_SHARE_WINDOW_DAYS_DEFAULT,
  ActiveShareInputsSchema,
  type ActiveShareInputs,
} from '@fonrisk/contracts';
import { fieldErrors } from '../../../lib/field-errors.ts';
import type { Validation } from '../../analysis-runs/components/use-run-form.tsx';

export interface ActiveShareFormState {
  readonly portfolioCodes: string[];
  readonly asOfDate: string;
  /** '' = each fund's reference benchmark. */
  readonly benchmarkCode: string;
  readonly windowDays: number | '';
}

export type ActiveShareFormField = keyof ActiveShareInputs;

export const INITIAL_ACTIVE_SHARE_FORM: ActiveShareFormState = {
  portfolioCodes: [],
  asOfDate: '',
  benchmarkCode: '',
  windowDays: ACTIVE_SHARE_WINDOW_DAYS_DEFAULT,
};

export function validateActiveShareForm(
  s: ActiveShareFormState,
): Validation<ActiveShareInputs, ActiveShareFormField> {
  const parsed = ActiveShareInputsSchema.safeParse({
    portfolioCodes: s.portfolioCodes,
    asOfDate: s.asOfDate || undefined,
    benchmarkCode: s.benchmarkCode === '' ? null : s.benchmarkCode,
    windowDays: s.windowDays === '' ? undefined : s.windowDays,
  });
  if (parsed.success) return { ok: true, inputs: parsed.data };
  const errors = fieldErrors<ActiveShareFormField>(parsed.error.issues);
  if (s.asOfDate === '') errors.asOfDate = 'hesap tarihi gerekli';
  return { ok: false, errors };
}
