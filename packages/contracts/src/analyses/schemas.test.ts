import { describe, expect, it } from 'vitest';
import {
  IncrementalVarInputsSchema,
  VAR_SETTINGS_DEFAULTS,
  VarInputsSchema,
  VarSettingsSchema,
  readStoredVarSettings,
  resolveParameters,
  percentToFraction,
  fractionToPercent,
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

  it('fills fields missing from a stored document with defaults', () => {
    const partial = readStoredVarSettings({ warningThresholdPct: 90 });
    expect(partial.ok && partial.settings.warningThresholdPct).toBe(90);
    expect(partial.ok && partial.settings.windowDays).toBe(250);
    expect(readStoredVarSettings(null)).toEqual({ ok: true, settings: VAR_SETTINGS_DEFAULTS });
  });

  it('reports a stored document that no longer validates, field by field, in Turkish', () => {
    expect(readStoredVarSettings({ confidenceLevel: 3, windowDays: 5 })).toEqual({
      ok: false,
      problems: [
        { field: 'confidenceLevel', message: 'güven düzeyi en fazla 0,9999 olmalı' },
        { field: 'windowDays', message: 'gözlem süresi en az 20 iş günü olmalı' },
      ],
    });
  });
});

describe('the one parameter resolver', () => {
  it('takes each given parameter and fills the omitted ones from the saved settings', () => {
    const settings = { ...VAR_SETTINGS_DEFAULTS, windowDays: 500, ewmaLambda: 0.97 };
    expect(resolveParameters({ method: 'ewma', confidenceLevel: 0.975 }, settings)).toEqual({
      method: 'ewma',
      confidenceLevel: 0.975,
      horizonDays: 20,
      horizonScaling: 'sqrtTime',
      scalingRule: 'RMD(20 gün) = RMD(1 gün) × √20',
      windowDays: 500,
      approach: 'absolute',
      lambda: 0.97,
      draws: null,
      seed: null,
      mean: 'include',
      priceBasis: 'adjusted',
    });
  });

  it('keeps draws and seed for Monte Carlo only, λ for EWMA only', () => {
    const mc = resolveParameters({ method: 'montecarlo', lambda: 0.9 }, VAR_SETTINGS_DEFAULTS);
    expect([mc.lambda, mc.draws, mc.seed]).toEqual([null, 10000, 20240101]);
    const oneDay = resolveParameters({ horizonDays: 1 }, VAR_SETTINGS_DEFAULTS);
    expect(oneDay.scalingRule).toBe('RMD(1 gün)');
  });

  it('converts percent and fraction one way only', () => {
    expect(percentToFraction(25)).toBe(0.25);
    expect(fractionToPercent(0.25)).toBe(25);
    expect(fractionToPercent(0.99), 'not 98.99999999999999').toBe(99);
    expect(percentToFraction(97.5)).toBe(0.975);
  });
});
