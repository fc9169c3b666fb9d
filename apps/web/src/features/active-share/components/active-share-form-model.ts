import {
  ACTIVE_SHARE_WINDOW_DAYS_DEFAULT,
  ActiveShareInputsSchema,
  type ActiveShareInputs,
} from '@fonrisk/contracts';
import type { Validation } from '../../analysis-runs/components/use-run-form.tsx';
import { validationOf } from '../../analysis-runs/components/validation.ts';

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
  return validationOf(
    ActiveShareInputsSchema.safeParse({
      portfolioCodes: s.portfolioCodes,
      asOfDate: s.asOfDate || undefined,
      benchmarkCode: s.benchmarkCode === '' ? null : s.benchmarkCode,
      windowDays: s.windowDays === '' ? undefined : s.windowDays,
    }),
    { asOfDate: s.asOfDate === '' && 'hesap tarihi gerekli' },
  );
}
