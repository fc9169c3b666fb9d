import { describe, expect, it } from 'vitest';
import {
  CorporateActionInputSchema,
  DEFAULT_MARKET_DATA_VALIDATION,
  MarketDataValidationSchema,
  SeriesCreateSchema,
  SeriesUpdateSchema,
} from './market-data-admin.ts';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('corporate action input', () => {
  const base = { instrumentCode: 'AKSA', exDate: '2025-06-10' };
  it('accepts each kind with its figures', () => {
    for (const a of [
      { ...base, kind: 'split', ratio: 2 },
      { ...base, kind: 'bonus', ratio: 100 },
      { ...base, kind: 'rights', ratio: 50, subscriptionPrice: 10 },
      { ...base, kind: 'dividend', amount: 1.5, note: 'brüt' },
    ])
      expect(CorporateActionInputSchema.safeParse(a).success, a.kind).toBe(true);
  });
  it('names the missing or misplaced figure in Turkish', () => {
    expect(messages(CorporateActionInputSchema.safeParse({ ...base, kind: 'split' }))).toEqual([
      'bölünme oranı gerekli (2:1 için 2)',
    ]);
    expect(messages(CorporateActionInputSchema.safeParse({ ...base, kind: 'bonus' }))).toEqual([
      'artırım oranı (%) gerekli',
    ]);
    expect(
      messages(CorporateActionInputSchema.safeParse({ ...base, kind: 'rights', ratio: 50 })),
    ).toEqual(['bedelli için pay başına fiyat gerekli']);
    expect(
      messages(
        CorporateActionInputSchema.safeParse({
          ...base,
          kind: 'dividend',
          ratio: 2,
          subscriptionPrice: 3,
        }),
      ),
    ).toEqual([
      'pay başına temettü tutarı gerekli',
      'nakit temettü için verilmez',
      'nakit temettü için verilmez',
    ]);
    expect(
      messages(
        CorporateActionInputSchema.safeParse({
          ...base,
          kind: 'split',
          ratio: 2,
          amount: 1,
          subscriptionPrice: 1,
        }),
      ),
    ).toEqual(['bölünme için verilmez', 'bölünme için verilmez']);
    expect(
      messages(CorporateActionInputSchema.safeParse({ ...base, kind: 'bonus', ratio: -1 })),
    ).toEqual(['pozitif olmalı']);
  });
});

describe('series create and update', () => {
  it('needs a tenor exactly for curve points', () => {
    const s = { ticker: 'X', name: 'X', kind: 'price', currency: 'TRY' };
    expect(SeriesCreateSchema.parse(s)).toMatchObject({
      source: 'manual',
      unit: null,
      tenorDays: null,
    });
    expect(SeriesCreateSchema.safeParse({ ...s, kind: 'curvePoint' }).success).toBe(false);
    expect(SeriesCreateSchema.safeParse({ ...s, kind: 'curvePoint', tenorDays: 91 }).success).toBe(
      true,
    );
    expect(SeriesUpdateSchema.parse({ name: 'X', kind: 'return', currency: 'TRY' }).retired).toBe(
      false,
    );
  });
});

describe('validation settings', () => {
  it('accepts the defaults and refuses a band whose top is not above its bottom', () => {
    expect(MarketDataValidationSchema.safeParse(DEFAULT_MARKET_DATA_VALIDATION).success).toBe(true);
    const bad = { ...DEFAULT_MARKET_DATA_VALIDATION, rateBand: { min: 5, max: 5 } };
    expect(messages(MarketDataValidationSchema.safeParse(bad))).toEqual([
      'alt sınırdan büyük olmalı',
    ]);
  });
});
