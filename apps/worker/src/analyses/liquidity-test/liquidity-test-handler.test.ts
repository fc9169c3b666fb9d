import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiquidityTestInputsSchema, LiquidityTestResultSchema } from '@fonrisk/contracts';
import {
  holdings,
  instruments,
  marketSeries,
  marketValues,
  portfolios,
  tickerMappings,
} from '@fonrisk/db';
import { createTestDatabase, type TestDatabase } from '@fonrisk/db/testing';
import { AnalysisInputError } from '../../runner/errors.ts';
import { fakeContext } from '../testing/fake-context.ts';
import { liquidityTestHandler } from './liquidity-test-handler.ts';

// Fund LIQ on 2026-03-06, NAV 100 000 (hand calculations, participation 20 %):
// - STK: 2 000 shares worth 20 000, volume 1 000 a day → DTL = 2 000 / (0.2 × 1 000) = 10 → '8-30';
// - DEP: deposit 50 000, type days 1 → '1'; OTH: 'other' 30 000, type days 120 → '>90'.
// Within 2 days, waterfall: 50 000 + 20 000 × 2/10 + 30 000 × 2/120 = 54 500; pro-rata:
// min(1, 2/10, 2/120) = 1/60 of 100 000.
// Unit price 1 throughout; NAV history 120 000, 118 000, 100 000, 104 000, 100 000 → the worst
// 2-day net outflow is (120 000 − 100 000) / 120 000 = 1/6 from 03-02 to 03-04.
const DATES = ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06'];
const NAVS = [120_000, 118_000, 100_000, 104_000];
const DATE = DATES[4]!;

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  await db.insert(instruments).values([
    { code: 'STK', name: 'Hisse', mainType: 'stock', currency: 'TRY', issuer: 'STK' },
    { code: 'DEP', name: 'Mevduat', mainType: 'deposit', currency: 'TRY', issuer: 'BANKA' },
    { code: 'OTH', name: 'Diğer', mainType: 'other', currency: 'TRY' },
  ]);
  await db.insert(marketSeries).values([
    { ticker: 'STK', name: 'Hisse fiyatı', kind: 'price', currency: 'TRY' },
    { ticker: 'STK-HACIM', name: 'Hisse hacmi', kind: 'volume', currency: 'TRY' },
    { ticker: 'LIQ', name: 'LIQ birim pay', kind: 'price', currency: 'TRY' },
  ]);
  await db.insert(tickerMappings).values({
    instrumentCode: 'STK',
    seriesTicker: 'STK',
    mappingKind: 'direct',
  });
  await db
    .insert(marketValues)
    .values([
      ...DATES.map((date, i) => ({ ticker: 'STK', date, value: i % 2 === 0 ? 10 : 10.2 })),
      ...DATES.map((date) => ({ ticker: 'STK-HACIM', date, value: 1_000 })),
      ...DATES.map((date) => ({ ticker: 'LIQ', date, value: 1 })),
    ]);
  await db
    .insert(portfolios)
    .values({ code: 'LIQ', name: 'Likidite Test Fonu', kind: 'fund', fundCategory: 'equity' });
  await db.insert(holdings).values([
    ...NAVS.map((nav, i) => ({
      portfolioCode: 'LIQ',
      portfolioDate: DATES[i]!,
      rowNo: 1,
      instrumentCode: 'OTH',
      mainType: 'other',
      currentValue: nav,
    })),
    {
      portfolioCode: 'LIQ',
      portfolioDate: DATE,
      rowNo: 1,
      instrumentCode: 'STK',
      mainType: 'stock',
      nominalValue: 2_000,
      currentValue: 20_000,
    },
    {
      portfolioCode: 'LIQ',
      portfolioDate: DATE,
      rowNo: 2,
      instrumentCode: 'DEP',
      mainType: 'deposit',
      currentValue: 50_000,
    },
    {
      portfolioCode: 'LIQ',
      portfolioDate: DATE,
      rowNo: 3,
      instrumentCode: 'OTH',
      mainType: 'other',
      currentValue: 30_000,
    },
  ]);
}, 120_000);
afterAll(() => database.drop());

const run = (inputs: unknown) =>
  liquidityTestHandler.run(fakeContext(database.db, LiquidityTestInputsSchema.parse(inputs)));

describe('liquidity-test handler', () => {
  it('buckets by days to liquidate and covers the redemption scenarios', async () => {
    const { result, dataSnapshot } = await run({
      portfolioCodes: ['LIQ'],
      asOfDate: DATE,
      scenarios: [
        { name: 'Büyük çıkış', redemptionShare: 0.6, horizonDays: 5 },
        { name: 'Çok büyük çıkış', redemptionShare: 0.7, horizonDays: 5 },
      ],
    });
    expect(LiquidityTestResultSchema.safeParse(result).success).toBe(true);
    const fund = result.funds[0]!;
    expect(fund.nav).toBe(100_000);
    expect(fund.buckets.map((b) => b.share)).toEqual([0.5, 0, 0.2, 0, 0.3]);
    const stk = result.tables['positions']!.rows.find((r) => r['instrumentCode'] === 'STK')!;
    expect(stk['daysToLiquidate']).toBeCloseTo(10, 12);
    expect(stk['adv']).toBe(1_000);
    expect(stk['bucket']).toBe('8-30');
    const [fixed, historical, big, bigger] = fund.scenarios;
    expect(fixed).toMatchObject({ kind: 'fixed', horizonDays: 2, redemptionTry: 10_000 });
    expect(fixed!.liquidTry).toBeCloseTo(54_500, 6);
    expect(fixed!.coverageRatio).toBeCloseTo(5.45, 9);
    expect(historical).toMatchObject({
      kind: 'historical',
      observedTo: '2026-03-04',
      passes: true,
    });
    expect(historical!.redemptionShare).toBeCloseTo(1 / 6, 12);
    // 5 days: 50 000 + 20 000 × 5/10 + 30 000 × 5/120 = 61 250.
    expect(big!.coverageRatio).toBeCloseTo(61_250 / 60_000, 9);
    expect(big!.passes).toBe(true);
    expect(bigger!.passes).toBe(false);
    expect(result.tables['summary']!.rows[0]!['result']).toBe('Kaldı');
    expect(fund.liquidationCostTry).toBeGreaterThan(30_000 * 0.05);
    expect(dataSnapshot['volumeDataThrough']).toBe(DATE);
    expect(Object.keys(result.charts)).toEqual(['buckets', 'cumulative']);
  });

  it('sells pro-rata when asked, and falls back to the type days without volume', async () => {
    const { result } = await run({
      portfolioCodes: ['LIQ'],
      asOfDate: DATE,
      sellingMethod: 'proRata',
    });
    const fixed = result.funds[0]!.scenarios[0]!;
    expect(fixed.liquidTry).toBeCloseTo(100_000 / 60, 6);
    expect(fixed.passes).toBe(false);
    const { result: noVolume } = await run({
      portfolioCodes: ['LIQ'],
      asOfDate: DATE,
      typeSettings: { other: { basis: 'volume', days: 120, windowDays: 63, haircut: 0.05 } },
      participationRate: 0.2,
    });
    expect(noVolume.funds[0]!.positionsWithoutVolume).toBe(1);
    expect(noVolume.funds[0]!.notes.join(' ')).toContain('hacim serisi yok');
    expect(noVolume.funds[0]!.buckets[4]!.share).toBeCloseTo(0.3, 12);
  });

  it('answers an unknown fund and a date without holdings in Turkish', async () => {
    await expect(run({ portfolioCodes: ['YOK'], asOfDate: DATE })).rejects.toThrow(
      new AnalysisInputError('YOK kodlu portföy bulunamadı.'),
    );
    await expect(run({ portfolioCodes: ['LIQ'], asOfDate: '2020-01-01' })).rejects.toThrow(
      /LIQ portföyünün 2020-01-01 veya öncesine ait portföy dağılımı yok/,
    );
  });
});
