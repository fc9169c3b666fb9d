import {
  INSTRUMENT_MAIN_TYPES,
  INSTRUMENT_MAIN_TYPE_LABELS,
  LIQUIDITY_FIXED_REDEMPTION_DEFAULT,
  LIQUIDITY_HISTORY_DAYS_DEFAULT,
  LIQUIDITY_PARTICIPATION_DEFAULT,
  LIQUIDITY_SETTLEMENT_DAYS_DEFAULT,
  LIQUIDITY_SETTLEMENT_LAG_DEFAULTS,
  LIQUIDITY_TYPE_DEFAULTS,
  LiquidityTestInputsSchema,
  type InstrumentMainType,
  type LiquidityBasis,
  type LiquidityTestInputs,
  type SellingMethod,
} from '@fonrisk/contracts';
import { fieldErrors } from '../../../lib/field-errors.ts';
import type { Validation } from '../../analysis-runs/components/use-run-form.tsx';

type Num = number | '';

/** A type's setting as the form edits it: haircut in percent. */
export interface TypeSettingRow {
  readonly basis: LiquidityBasis;
  readonly days: Num;
  readonly windowDays: Num;
  readonly haircutPct: Num;
  /** The type's settlement lag (takas valörü, T+n), input `settlementLagDays`. */
  readonly settlementLag: Num;
}

export interface ScenarioRow {
  readonly name: string;
  readonly redemptionPct: Num;
  readonly horizonDays: Num;
}

/** The form keeps percentages as the user types them (20 = %20); the inputs carry fractions. */
export interface LiquidityFormState {
  readonly portfolioCodes: string[];
  readonly asOfDate: string;
  readonly participationPct: Num;
  readonly settlementDays: Num;
  readonly fixedRedemptionPct: Num;
  readonly historyDays: Num;
  readonly sellingMethod: SellingMethod;
  readonly minimumCoverage: Num;
  readonly scenarios: ScenarioRow[];
  readonly typeSettings: Record<InstrumentMainType, TypeSettingRow>;
}

export type LiquidityFormField = keyof LiquidityTestInputs;

const pct = (f: number) => Math.round(f * 100 * 1e6) / 1e6;

export const INITIAL_LIQUIDITY_FORM: LiquidityFormState = {
  portfolioCodes: [],
  asOfDate: '',
  participationPct: pct(LIQUIDITY_PARTICIPATION_DEFAULT),
  settlementDays: LIQUIDITY_SETTLEMENT_DAYS_DEFAULT,
  fixedRedemptionPct: pct(LIQUIDITY_FIXED_REDEMPTION_DEFAULT),
  historyDays: LIQUIDITY_HISTORY_DAYS_DEFAULT,
  sellingMethod: 'waterfall',
  minimumCoverage: 1,
  scenarios: [],
  typeSettings: Object.fromEntries(
    INSTRUMENT_MAIN_TYPES.map((t) => {
      const d = LIQUIDITY_TYPE_DEFAULTS[t];
      return [
        t,
        {
          basis: d.basis,
          days: d.days,
          windowDays: d.windowDays,
          haircutPct: pct(d.haircut),
          settlementLag: LIQUIDITY_SETTLEMENT_LAG_DEFAULTS[t],
        },
      ];
    }),
  ) as Record<InstrumentMainType, TypeSettingRow>,
};

const frac = (v: Num) => (v === '' ? undefined : v / 100);
const opt = (v: Num) => (v === '' ? undefined : v);

export function validateLiquidityForm(
  s: LiquidityFormState,
): Validation<LiquidityTestInputs, LiquidityFormField> {
  const parsed = LiquidityTestInputsSchema.safeParse({
    portfolioCodes: s.portfolioCodes,
    asOfDate: s.asOfDate || undefined,
    participationRate: frac(s.participationPct),
    settlementDays: opt(s.settlementDays),
    fixedRedemptionShare: frac(s.fixedRedemptionPct),
    historyDays: opt(s.historyDays),
    sellingMethod: s.sellingMethod,
    minimumCoverage: opt(s.minimumCoverage),
    scenarios: s.scenarios.map((r) => ({
      name: r.name,
      redemptionShare: r.redemptionPct === '' ? Number.NaN : r.redemptionPct / 100,
      horizonDays: r.horizonDays === '' ? Number.NaN : r.horizonDays,
    })),
    settlementLagDays: Object.fromEntries(
      INSTRUMENT_MAIN_TYPES.map((t) => {
        const lag = s.typeSettings[t].settlementLag;
        return [t, lag === '' ? Number.NaN : lag];
      }),
    ),
    typeSettings: Object.fromEntries(
      INSTRUMENT_MAIN_TYPES.map((t) => {
        const r = s.typeSettings[t];
        return [
          t,
          {
            basis: r.basis,
            days: r.days === '' ? Number.NaN : r.days,
            windowDays: r.windowDays === '' ? Number.NaN : r.windowDays,
            haircut: r.haircutPct === '' ? Number.NaN : r.haircutPct / 100,
          },
        ];
      }),
    ),
  });
  if (parsed.success) return { ok: true, inputs: parsed.data };
  const errors = fieldErrors<LiquidityFormField>(parsed.error.issues);
  // Name the row or type of a nested error ("Senaryo 2: ...", "Hisse Senedi: ...").
  for (const issue of parsed.error.issues) {
    const [field, at] = issue.path;
    if (field === 'scenarios' && typeof at === 'number')
      errors.scenarios = `Senaryo ${at + 1}: ${issue.message}`;
    if ((field === 'typeSettings' || field === 'settlementLagDays') && typeof at === 'string')
      errors.typeSettings = `${INSTRUMENT_MAIN_TYPE_LABELS[at as InstrumentMainType]}: ${issue.message}`;
  }
  if (s.asOfDate === '') errors.asOfDate = 'hesap tarihi gerekli';
  return { ok: false, errors };
}
