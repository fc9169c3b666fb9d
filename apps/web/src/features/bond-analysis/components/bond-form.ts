import {
  BondAnalysisInputsSchema,
  type BondAnalysisInputs,
  type BondSource,
  type BondYieldConvention,
  type CouponType,
  type DayCount,
  type DiscountYieldBasis,
} from '@fonrisk/contracts';
import type { Validation } from '../../analysis-runs/components/use-run-form.tsx';
import { fieldErrors } from '../../../lib/field-errors.ts';

export type QuoteKind = 'market' | 'yield' | 'price';

export interface BondFormState {
  readonly source: BondSource;
  readonly instrumentCode: string | null;
  readonly portfolioCodes: string[];
  readonly asOfDate: string;
  readonly quoteKind: QuoteKind;
  readonly quoteValue: number | '';
  readonly convention: BondYieldConvention | null;
  readonly discountYieldBasis: DiscountYieldBasis;
  readonly indexRatePct: number | '';
  readonly indexRatio: number | '';
  // typed bond
  readonly couponType: CouponType;
  readonly couponRatePct: number | '';
  readonly couponFrequency: string;
  readonly dayCount: DayCount;
  readonly issueDate: string;
  readonly maturityDate: string;
  readonly referenceIndex: string;
  readonly spreadBp: number | '';
}

export const INITIAL_BOND_FORM: BondFormState = {
  source: 'instrument',
  instrumentCode: null,
  portfolioCodes: [],
  asOfDate: '',
  quoteKind: 'market',
  quoteValue: '',
  convention: null,
  discountYieldBasis: 'compound',
  indexRatePct: '',
  indexRatio: '',
  couponType: 'fixed',
  couponRatePct: '',
  couponFrequency: '2',
  dayCount: 'ACT/ACT',
  issueDate: '',
  maturityDate: '',
  referenceIndex: '',
  spreadBp: '',
};

export type BondFormField = keyof BondAnalysisInputs | `bond.${string}`;

const num = (v: number | '') => (v === '' ? undefined : v);

export function validateBondForm(s: BondFormState): Validation<BondAnalysisInputs, BondFormField> {
  const raw: Record<string, unknown> = { source: s.source, asOfDate: s.asOfDate };
  if (s.source === 'instrument') raw['instrumentCode'] = s.instrumentCode ?? undefined;
  if (s.source === 'portfolio')
    raw['portfolioCodes'] = s.portfolioCodes.length ? s.portfolioCodes : undefined;
  if (s.source === 'manual')
    raw['bond'] = {
      kind: 'bond',
      couponType: s.couponType,
      couponRatePct: s.couponType === 'discount' ? 0 : num(s.couponRatePct),
      couponFrequency: s.couponType === 'discount' ? 0 : Number(s.couponFrequency),
      dayCount: s.dayCount,
      issueDate: s.issueDate,
      maturityDate: s.maturityDate,
      referenceIndex: s.referenceIndex.trim() || null,
      spreadBp: num(s.spreadBp) ?? null,
    };
  if (s.source !== 'portfolio') {
    if (s.quoteKind === 'yield') raw['yieldPct'] = num(s.quoteValue);
    if (s.quoteKind === 'price') raw['cleanPrice'] = num(s.quoteValue);
    if (s.indexRatePct !== '') raw['indexRatePct'] = s.indexRatePct;
    if (s.indexRatio !== '') raw['indexRatio'] = s.indexRatio;
  }
  if (s.convention) raw['convention'] = s.convention;
  if (s.discountYieldBasis !== 'compound') raw['discountYieldBasis'] = s.discountYieldBasis;
  const parsed = BondAnalysisInputsSchema.safeParse(raw);
  if (parsed.success) return { ok: true, inputs: parsed.data };
  const errors = fieldErrors<BondFormField>(parsed.error.issues);
  for (const issue of parsed.error.issues) {
    const [head, field] = issue.path;
    if (head === 'bond' && typeof field === 'string') errors[`bond.${field}`] ??= issue.message;
  }
  if (s.asOfDate === '') errors.asOfDate = 'tarih gerekli';
  if (s.source !== 'portfolio' && s.quoteKind !== 'market' && s.quoteValue === '')
    errors.yieldPct = s.quoteKind === 'yield' ? 'getiri gerekli' : 'temiz fiyat gerekli';
  return { ok: false, errors };
}
