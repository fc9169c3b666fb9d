import { describe, expect, it } from 'vitest';
import { COLUMN_KEYS } from './column-labels.ts';
import { IMPORT_COLUMNS, IMPORT_KINDS } from './import-columns.ts';
import {
  INSTRUMENT_MAIN_TYPES,
  INSTRUMENT_MAIN_TYPE_LABELS,
  InstrumentSchema,
  TERMS_KIND_BY_MAIN_TYPE,
  type Instrument,
} from './instruments.ts';
import {
  FxRateRowSchema,
  HoldingRowSchema,
  MarketSeriesSchema,
  PriceImportRowSchema,
} from './market-data.ts';
import { isIsoDate, isValidIsin } from './market-values.ts';

const bond: Instrument = {
  code: 'TRT150127T19',
  name: 'DİBS 27.01.2027',
  mainType: 'governmentBond',
  subType: null,
  currency: 'TRY',
  issuer: 'Hazine ve Maliye Bakanlığı',
  issuerGroup: 'Kamu',
  sector: 'Kamu',
  isinCode: 'TRT150127T19',
  isForeign: false,
  tcmbCode: null,
  terms: {
    kind: 'bond',
    couponType: 'fixed',
    couponRatePct: 25.5,
    couponFrequency: 2,
    dayCount: 'ACT/365',
    issueDate: '2024-01-31',
    maturityDate: '2027-01-27',
    referenceIndex: null,
    spreadBp: null,
  },
};

describe('values', () => {
  it('accepts only real calendar dates', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('02.01.2025')).toBe(false);
  });

  it('decides every date as a JavaScript Date does (the earlier reading, decision 0122)', () => {
    const byDate = (value: string): boolean => {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
      if (!m) return false;
      const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
      const d = new Date(Date.UTC(year, month - 1, day));
      return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
    };
    const pad = (n: number, width: number) => String(n).padStart(width, '0');
    let accepted = 0;
    for (const year of [0, 1, 99, 100, 1600, 1900, 1999, 2000, 2023, 2024, 2100, 2400, 9999])
      for (let month = 0; month <= 13; month++)
        for (let day = 0; day <= 32; day++) {
          const value = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
          expect(isIsoDate(value), value).toBe(byDate(value));
          if (byDate(value)) accepted += 1;
        }
    expect(accepted).toBe(10 * 365 + 4); // 1600, 2000, 2024 and 2400 leap; 0000–0099 refused
    for (const value of ['2024-1-05', '2024-01-5', ' 2024-01-05', '2024-01-05 ', '2024/01/05'])
      expect(isIsoDate(value), value).toBe(false);
    for (const value of ['２０２４-01-05', '2024-0١-05', '2024-01-0a', '+024-01-05'])
      expect(isIsoDate(value), value).toBe(byDate(value));
  });

  it('checks the ISIN check digit (real Garanti and THY ISINs pass, a changed digit fails)', () => {
    expect(isValidIsin('TRAGARAN91N1')).toBe(true);
    expect(isValidIsin('TRATHYAO91M5')).toBe(true);
    expect(isValidIsin('US0378331005')).toBe(true);
    expect(isValidIsin('US0378331006')).toBe(false);
    expect(isValidIsin('TRAGARAN91N')).toBe(false);
  });
});

describe('instrument master', () => {
  it('labels every main type in Turkish and assigns it a kind of terms', () => {
    for (const t of INSTRUMENT_MAIN_TYPES) {
      expect(INSTRUMENT_MAIN_TYPE_LABELS[t].length, t).toBeGreaterThan(0);
      expect(TERMS_KIND_BY_MAIN_TYPE[t], t).toBeDefined();
    }
    expect(INSTRUMENT_MAIN_TYPE_LABELS.leaseCertificate).toBe('Kira Sertifikası');
  });

  it('accepts a bond with bond terms and rejects it with option terms', () => {
    expect(InstrumentSchema.safeParse(bond).success).toBe(true);
    const wrong = InstrumentSchema.safeParse({
      ...bond,
      terms: {
        kind: 'option',
        underlying: 'XU030',
        strike: 1,
        expiryDate: '2026-01-01',
        optionType: 'call',
        exerciseStyle: 'european',
        contractSize: 1,
      },
    });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.message).toBe(
      'Devlet Tahvili (DİBS) için tahvil koşulları (kupon, vade, gün sayımı) gerekli',
    );
  });

  it('rejects a maturity before issue and a coupon frequency that contradicts the coupon type', () => {
    const r = InstrumentSchema.safeParse({
      ...bond,
      terms: { ...bond.terms, couponType: 'discount', maturityDate: '2023-01-01' },
    });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['terms.maturityDate', 'ihraç tarihinden sonra olmalı'],
      ['terms.couponFrequency', 'iskontolu bonoda 0 olmalı'],
    ]);
  });
});

describe('market data rows', () => {
  it('holding rows carry exactly the column keys of product-spec.md section 3', () => {
    expect(Object.keys(HoldingRowSchema.shape).sort()).toEqual([...COLUMN_KEYS].sort());
    expect(IMPORT_COLUMNS.holdings.map((c) => c.key).sort()).toEqual([...COLUMN_KEYS].sort());
  });

  it('every import column of every kind is a field of the row it fills', () => {
    const shapes = {
      holdings: Object.keys(HoldingRowSchema.shape),
      prices: Object.keys(PriceImportRowSchema.shape),
      fxRates: [
        'currency',
        'date',
        'forexBuying',
        'forexSelling',
        'banknoteBuying',
        'banknoteSelling',
      ],
      corporateActions: [
        'instrumentCode',
        'kind',
        'exDate',
        'ratio',
        'amount',
        'subscriptionPrice',
        'note',
      ],
      cashFlows: [
        'portfolioCode',
        'flowDate',
        'kind',
        'amountTry',
        'instrumentCode',
        'nominal',
        'note',
      ],
    } as const;
    for (const kind of IMPORT_KINDS) {
      if (kind === 'instruments') continue;
      expect(IMPORT_COLUMNS[kind].map((c) => c.key).sort(), kind).toEqual([...shapes[kind]].sort());
    }
  });

  it('needs at least one forex rate in an FX row and never a TRY rate', () => {
    const row = {
      currency: 'USD',
      date: '2025-01-02',
      forexBuying: null,
      forexSelling: null,
      banknoteBuying: 35,
      banknoteSelling: 35.1,
    };
    expect(FxRateRowSchema.safeParse(row).success).toBe(false);
    expect(FxRateRowSchema.safeParse({ ...row, forexSelling: 35.2 }).success).toBe(true);
    expect(FxRateRowSchema.safeParse({ ...row, currency: 'TRY', forexSelling: 1 }).success).toBe(
      false,
    );
  });

  it('gives a tenor to curve points and only to them', () => {
    const series = {
      ticker: 'TRYCURVE2Y',
      kind: 'curvePoint',
      name: 'TL getiri eğrisi 2 yıl',
      currency: 'TRY',
      tenorDays: 730,
    };
    expect(MarketSeriesSchema.safeParse(series).success).toBe(true);
    expect(MarketSeriesSchema.safeParse({ ...series, tenorDays: null }).success).toBe(false);
    expect(MarketSeriesSchema.safeParse({ ...series, kind: 'price' }).success).toBe(false);
  });
});
