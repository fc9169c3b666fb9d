import {
  CONCENTRATION_LIMIT_DEFAULTS,
  CONCENTRATION_LIMIT_KEYS,
  CONCENTRATION_LIMITS,
  ConcentrationRiskInputsSchema,
  type ConcentrationLimitKey,
  type ConcentrationRiskInputs,
} from '@fonrisk/contracts';
import { fieldErrors } from '../../../lib/field-errors.ts';
import type { Validation } from '../../analysis-runs/components/use-run-form.tsx';

type Num = number | '';

/** A limit as the form edits it: percentages as typed (10 = %10). */
export interface LimitRow {
  readonly enabled: boolean;
  readonly limitPct: Num;
  readonly thresholdPct: Num | null;
}

export interface ConcentrationFormState {
  readonly portfolioCodes: string[];
  readonly asOfDate: string;
  readonly warningUsagePct: Num;
  readonly limits: Record<ConcentrationLimitKey, LimitRow>;
}

export type ConcentrationFormField = keyof ConcentrationRiskInputs;

const pct = (f: number) => Math.round(f * 100 * 1e6) / 1e6;

export const INITIAL_CONCENTRATION_FORM: ConcentrationFormState = {
  portfolioCodes: [],
  asOfDate: '',
  warningUsagePct: 90,
  limits: Object.fromEntries(
    CONCENTRATION_LIMIT_KEYS.map((k) => {
      const d = CONCENTRATION_LIMIT_DEFAULTS[k];
      return [
        k,
        {
          enabled: d.enabled,
          limitPct: pct(d.limit),
          thresholdPct: d.threshold === null ? null : pct(d.threshold),
        },
      ];
    }),
  ) as Record<ConcentrationLimitKey, LimitRow>,
};

export function validateConcentrationForm(
  s: ConcentrationFormState,
): Validation<ConcentrationRiskInputs, ConcentrationFormField> {
  const parsed = ConcentrationRiskInputsSchema.safeParse({
    portfolioCodes: s.portfolioCodes,
    asOfDate: s.asOfDate || undefined,
    warningUsage: s.warningUsagePct === '' ? undefined : s.warningUsagePct / 100,
    limits: Object.fromEntries(
      CONCENTRATION_LIMIT_KEYS.map((k) => {
        const r = s.limits[k];
        return [
          k,
          {
            enabled: r.enabled,
            limit: r.limitPct === '' ? Number.NaN : r.limitPct / 100,
            threshold:
              r.thresholdPct === null
                ? null
                : r.thresholdPct === ''
                  ? Number.NaN
                  : r.thresholdPct / 100,
          },
        ];
      }),
    ),
  });
  if (parsed.success) return { ok: true, inputs: parsed.data };
  const errors = fieldErrors<ConcentrationFormField>(parsed.error.issues);
  for (const issue of parsed.error.issues) {
    const [field, at] = issue.path;
    if (field === 'limits' && typeof at === 'string' && at in CONCENTRATION_LIMITS)
      errors.limits = `${CONCENTRATION_LIMITS[at as ConcentrationLimitKey].name}: ${issue.message}`;
  }
  if (s.asOfDate === '') errors.asOfDate = 'hesap tarihi gerekli';
  return { ok: false, errors };
}
