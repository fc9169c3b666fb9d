import {
  IncrementalVarInputsSchema,
  type HorizonScaling,
  type IncrementalVarInputs,
  type VarSettings,
} from '@fonrisk/contracts';
import { fieldErrors } from '../../../lib/field-errors.ts';
import {
  initialModel,
  missingModelFields,
  modelInputsOf,
  optionalNumber,
  type ModelState,
} from '../../analysis-runs/components/model-fields.tsx';
import type { Validation } from '../../analysis-runs/components/use-run-form.tsx';

export interface TradeRow {
  readonly key: number;
  readonly instrumentCode: string;
  readonly kind: 'value' | 'quantity';
  readonly amount: number | '';
}

export interface IncrementalFormState extends ModelState {
  readonly portfolioCode: string | null;
  readonly asOfDate: string;
  readonly horizonDays: number | '';
  readonly horizonScaling: HorizonScaling;
  readonly trades: readonly TradeRow[];
}

export type IncrementalFormField = keyof IncrementalVarInputs;

export function initialIncrementalForm(settings: VarSettings): IncrementalFormState {
  return {
    ...initialModel(settings),
    portfolioCode: null,
    asOfDate: '',
    horizonDays: settings.horizonDays,
    horizonScaling: settings.horizonScaling,
    trades: [],
  };
}

/** A trade row as the contract's WhatIfTrade: a TRY value change or a quantity change. */
export function tradeOf(row: TradeRow): Record<string, unknown> {
  const amount = optionalNumber(row.amount);
  return row.kind === 'value'
    ? { instrumentCode: row.instrumentCode.trim(), valueChangeTry: amount }
    : { instrumentCode: row.instrumentCode.trim(), quantityChange: amount };
}

export function incrementalInputsOf(s: IncrementalFormState): Record<string, unknown> {
  return {
    portfolioCode: s.portfolioCode ?? undefined,
    asOfDate: s.asOfDate || undefined,
    ...modelInputsOf(s),
    horizonDays: optionalNumber(s.horizonDays),
    horizonScaling: s.horizonScaling,
    trades: s.trades.map(tradeOf),
  };
}

export type IncrementalValidation = Validation<IncrementalVarInputs, IncrementalFormField> & {
  readonly tradeErrors?: Readonly<Record<number, string>>;
};

/** Validates with IncrementalVarInputsSchema; trade problems are reported per row (by its key). */
export function validateIncrementalForm(s: IncrementalFormState): IncrementalValidation {
  const parsed = IncrementalVarInputsSchema.safeParse(incrementalInputsOf(s));
  const required: Partial<Record<IncrementalFormField, string>> = { ...missingModelFields(s) };
  if (s.portfolioCode === null) required.portfolioCode = 'portföy seçilmeli';
  if (s.asOfDate === '') required.asOfDate = 'analiz tarihi gerekli';
  if (s.horizonDays === '') required.horizonDays = 'elde tutma süresi gerekli';
  const tradeErrors: Record<number, string> = {};
  s.trades.forEach((t) => {
    if (t.instrumentCode.trim() === '') tradeErrors[t.key] = 'varlık kodu gerekli';
    else if (t.amount === '') tradeErrors[t.key] = 'değişim tutarı gerekli';
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [field, index] = issue.path;
      const row = typeof index === 'number' ? s.trades[index] : undefined;
      if (field === 'trades' && row && tradeErrors[row.key] === undefined)
        tradeErrors[row.key] = issue.message;
    }
  }
  const ok =
    parsed.success && Object.keys(required).length === 0 && Object.keys(tradeErrors).length === 0;
  if (ok) return { ok: true, inputs: parsed.data };
  return {
    ok: false,
    errors: {
      ...(parsed.success ? {} : fieldErrors<IncrementalFormField>(parsed.error.issues)),
      ...required,
    },
    tradeErrors,
  };
}
