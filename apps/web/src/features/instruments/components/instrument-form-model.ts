import {
  InstrumentSchema,
  type Instrument,
  type InstrumentMainType,
  type InstrumentTerms,
} from '@fonrisk/contracts';
import { sentenceCase } from '../../../components/forms/sentence-case.ts';
import { INSTRUMENT_MESSAGES } from '../messages.ts';
import { SCREEN_MAIN_TYPES, SCREEN_TERMS, type InstrumentScreen } from '../instrument-kinds.ts';

/** What the form holds: text as typed (numbers may use the Turkish decimal comma), dates ISO. */
export interface InstrumentFormValues {
  code: string;
  name: string;
  mainType: InstrumentMainType;
  subType: string;
  currency: string;
  issuer: string;
  issuerGroup: string;
  sector: string;
  isinCode: string;
  isForeign: boolean;
  tcmbCode: string;
  couponType: string;
  couponRatePct: string;
  couponFrequency: string;
  dayCount: string;
  issueDate: string;
  maturityDate: string;
  referenceIndex: string;
  spreadBp: string;
  underlying: string;
  strike: string;
  expiryDate: string;
  optionType: string;
  exerciseStyle: string;
  contractSize: string;
  fundCode: string;
  fundCategory: string;
  tefasFundType: string;
}

/** Field name -> message; nested terms fields are named by their own key (couponRatePct). */
export type FormErrors = Partial<Record<keyof InstrumentFormValues, string>>;

export function emptyValues(screen: InstrumentScreen): InstrumentFormValues {
  return {
    code: '',
    name: '',
    mainType: SCREEN_MAIN_TYPES[screen][0]!,
    subType: '',
    currency: 'TRY',
    issuer: '',
    issuerGroup: '',
    sector: '',
    isinCode: '',
    isForeign: false,
    tcmbCode: '',
    couponType: 'fixed',
    couponRatePct: '',
    couponFrequency: '2',
    dayCount: 'ACT/365',
    issueDate: '',
    maturityDate: '',
    referenceIndex: '',
    spreadBp: '',
    underlying: '',
    strike: '',
    expiryDate: '',
    optionType: 'call',
    exerciseStyle: 'european',
    contractSize: '',
    fundCode: '',
    fundCategory: '',
    tefasFundType: '',
  };
}

const text = (value: string | null | undefined): string => value ?? '';
const num = (value: number | null | undefined): string =>
  value === null || value === undefined ? '' : String(value).replace('.', ',');

/** An existing instrument as form values (for editing). */
export function valuesFromInstrument(
  instrument: Instrument,
  screen: InstrumentScreen,
): InstrumentFormValues {
  const values: InstrumentFormValues = {
    ...emptyValues(screen),
    code: instrument.code,
    name: instrument.name,
    mainType: instrument.mainType,
    subType: text(instrument.subType),
    currency: instrument.currency,
    issuer: text(instrument.issuer),
    issuerGroup: text(instrument.issuerGroup),
    sector: text(instrument.sector),
    isinCode: text(instrument.isinCode),
    isForeign: instrument.isForeign,
    tcmbCode: text(instrument.tcmbCode),
  };
  const t = instrument.terms;
  switch (t.kind) {
    case 'bond':
      return {
        ...values,
        couponType: t.couponType,
        couponRatePct: num(t.couponRatePct),
        couponFrequency: String(t.couponFrequency),
        dayCount: t.dayCount,
        issueDate: t.issueDate,
        maturityDate: t.maturityDate,
        referenceIndex: text(t.referenceIndex),
        spreadBp: num(t.spreadBp),
      };
    case 'option':
      return {
        ...values,
        underlying: t.underlying,
        strike: num(t.strike),
        expiryDate: t.expiryDate,
        optionType: t.optionType,
        exerciseStyle: t.exerciseStyle,
        contractSize: num(t.contractSize),
      };
    case 'future':
      return {
        ...values,
        underlying: t.underlying,
        expiryDate: t.expiryDate,
        contractSize: num(t.contractSize),
      };
    case 'fund':
      return {
        ...values,
        fundCode: t.fundCode,
        fundCategory: text(t.fundCategory),
        tefasFundType: text(t.tefasFundType),
      };
    case 'none':
      return values;
  }
}

/** "1.234,5" or "1234.5" -> 1234.5; blank -> undefined (reported as required); junk -> NaN. */
export function parseDecimal(value: string): number | undefined {
  const trimmed = value.trim().replace(/\s/g, '');
  if (trimmed === '') return undefined;
  const normalized = trimmed.includes(',') ? trimmed.replace(/\./g, '').replace(',', '.') : trimmed;
  return /^[-+]?\d*\.?\d+$/.test(normalized) ? Number(normalized) : Number.NaN;
}

const orNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());
const orUndefined = (value: string): string | undefined =>
  value.trim() === '' ? undefined : value.trim();

function termsOf(values: InstrumentFormValues, screen: InstrumentScreen): Record<string, unknown> {
  switch (SCREEN_TERMS[screen]) {
    case 'bond':
      return {
        kind: 'bond',
        couponType: values.couponType,
        couponRatePct:
          values.couponType === 'discount' && values.couponRatePct.trim() === ''
            ? 0
            : parseDecimal(values.couponRatePct),
        couponFrequency: Number(values.couponFrequency),
        dayCount: values.dayCount,
        issueDate: orUndefined(values.issueDate),
        maturityDate: orUndefined(values.maturityDate),
        referenceIndex: orNull(values.referenceIndex),
        spreadBp: values.spreadBp.trim() === '' ? null : parseDecimal(values.spreadBp),
      };
    case 'option':
      return {
        kind: 'option',
        underlying: orUndefined(values.underlying),
        strike: parseDecimal(values.strike),
        expiryDate: orUndefined(values.expiryDate),
        optionType: values.optionType,
        exerciseStyle: values.exerciseStyle,
        contractSize: parseDecimal(values.contractSize),
      };
    case 'future':
      return {
        kind: 'future',
        underlying: orUndefined(values.underlying),
        expiryDate: orUndefined(values.expiryDate),
        contractSize: parseDecimal(values.contractSize),
      };
    case 'fund':
      return {
        kind: 'fund',
        fundCode: orUndefined(values.fundCode) ?? orUndefined(values.code),
        fundCategory: orNull(values.fundCategory),
        tefasFundType: orNull(values.tefasFundType),
      };
  }
}

export type FormResult = { ok: true; instrument: Instrument } | { ok: false; errors: FormErrors };

/**
 * Validates the form with the contract's InstrumentSchema (the API checks the same): a blank
 * required field reads "Bu alan gerekli", every other issue shows the schema's Turkish reason
 * under its field (terms fields by their own name).
 */
export function toInstrument(values: InstrumentFormValues, screen: InstrumentScreen): FormResult {
  const terms = termsOf(values, screen);
  const candidate = {
    code: values.code.trim(),
    name: values.name.trim(),
    mainType: values.mainType,
    subType: orNull(values.subType),
    currency: values.currency.trim().toUpperCase(),
    issuer: orNull(values.issuer),
    issuerGroup: orNull(values.issuerGroup),
    sector: orNull(values.sector),
    isinCode: orNull(values.isinCode.toUpperCase()),
    isForeign: values.isForeign,
    tcmbCode: orNull(values.tcmbCode),
    terms: terms as InstrumentTerms,
  };
  const parsed = InstrumentSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, instrument: parsed.data };
  const errors: FormErrors = {};
  for (const issue of parsed.error.issues) {
    const inTerms = issue.path[0] === 'terms';
    const field = (inTerms ? issue.path[1] : issue.path[0]) as
      keyof InstrumentFormValues | undefined;
    if (typeof field !== 'string' || errors[field] !== undefined) continue;
    const given = inTerms ? terms[field] : (candidate as Record<string, unknown>)[field];
    const blank = given === undefined || given === '';
    errors[field] = sentenceCase(blank ? INSTRUMENT_MESSAGES.required : issue.message);
  }
  return { ok: false, errors };
}
