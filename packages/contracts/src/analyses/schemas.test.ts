import { describe, expect, it } from 'vitest';
import {
  IncrementalVarInputsSchema,
  VAR_SETTINGS_DEFAULTS,
  VarInputsSchema,
  VarSettingsSchema,
  parseStoredVarSettings,
} from '../index.ts';

const messages = (r: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('module 1 input schemas', () => {
  it('takes either one date or a complete range, never both or neither', () => {
    expect(
      VarInputsSchema.safeParse({ portfolioCodes: ['DHS'], asOfDate: '2026-01-05' }).success,
    ).toBe(true);
    expect(
      VarInputsSchema.safeParse({
        portfolioCodes: ['DHS'],
        fromDate: '2026-01-01',
        toDate: '2026-01-05',
      }).success,
    ).toBe(true);
    expect(messages(VarInputsSchema.safeParse({ portfolioCodes: ['DHS'] }))).toEqual([
      'asOfDate: bir tarih veya tarih aralığı gerekli',
    ]);
    expect(
      messages(
        VarInputsSchema.safeParse({
          portfolioCodes: ['DHS'],
          asOfDate: '2026-01-05',
          toDate: '2026-01-05',
        }),
      ),
    ).toEqual(['asOfDate: tek tarih veya tarih aralığından yalnızca biri verilmeli']);
    expect(
      messages(
        VarInputsSchema.safeParse({
          portfolioCodes: ['DHS'],
          fromDate: '2026-01-06',
          toDate: '2026-01-05',
        }),
      ),
    ).toEqual(['toDate: bitiş tarihi başlangıçtan önce olamaz']);
    expect(
      messages(
        VarInputsSchema.safeParse({
          portfolioCodes: [],
          asOfDate: '2026-01-05',
          confidenceLevel: 1,
        }),
      ),
    ).toEqual([
      'portfolioCodes: en az bir portföy seçilmeli',
      'confidenceLevel: güven düzeyi en fazla 0,9999 olmalı',
    ]);
  });

  it('needs exactly one of a TRY amount or a quantity per what-if trade', () => {
    const base = { portfolioCode: 'DHS', asOfDate: '2026-01-05' };
    expect(IncrementalVarInputsSchema.parse(base).trades).toEqual([]);
    expect(
      IncrementalVarInputsSchema.safeParse({
        ...base,
        trades: [{ instrumentCode: 'A', valueChangeTry: -5 }],
      }).success,
    ).toBe(true);
    expect(
      messages(
        IncrementalVarInputsSchema.safeParse({
          ...base,
          trades: [{ instrumentCode: 'A', valueChangeTry: 5, quantityChange: 1 }],
        }),
      ),
    ).toEqual([
      'trades.0.valueChangeTry: tutar değişimi veya adet değişiminden yalnızca biri verilmeli',
    ]);
  });
});

describe('VaR settings', () => {
  it('defaults to the SPK parameters and refuses a portfolio limit given twice', () => {
    expect(VarSettingsSchema.parse(VAR_SETTINGS_DEFAULTS)).toMatchObject({
      confidenceLevel: 0.99,
      horizonDays: 20,
      windowDays: 250,
      absoluteLimitPct: 25,
      relativeLimitPct: 200,
    });
    const limit = {
      portfolioCode: 'DHS',
      approach: null,
      absoluteLimitPct: 20,
      relativeLimitPct: null,
      leverageLimitPct: null,
    };
    expect(
      messages(
        VarSettingsSchema.safeParse({ ...VAR_SETTINGS_DEFAULTS, portfolioLimits: [limit, limit] }),
      ),
    ).toEqual(['portfolioLimits.1.portfolioCode: aynı portföy iki kez tanımlanmış']);
  });

  it('fills fields missing from a stored document with defaults and ignores an invalid one', () => {
    expect(parseStoredVarSettings({ warningThresholdPct: 90 }).warningThresholdPct).toBe(90);
    expect(parseStoredVarSettings({ warningThresholdPct: 90 }).windowDays).toBe(250);
    expect(parseStoredVarSettings({ confidenceLevel: 3 })).toEqual(VAR_SETTINGS_DEFAULTS);
    expect(parseStoredVarSettings(null)).toEqual(VAR_SETTINGS_DEFAULTS);
  });
});
