import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiquidityTestInputsSchema, LiquidityTestResultSchema } from '@fonrisk/contracts';
import {
  calendarOverrides,
  eq,
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
    { code: 'GOV', name: 'DİBS', mainType: 'governmentBond', currency: 'TRY', issuer: 'HAZINE' },
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
  await db.insert(portfolios).values([
    { code: 'LIQ', name: 'Likidite Test Fonu', kind: 'fund', fundCategory: 'equity' },
    { code: 'LQB', name: 'Bayram Test Fonu', kind: 'fund', fundCategory: 'equity' },
  ]);
  // LQB on Wednesday 4 June 2025, the day before Kurban Bayramı's eve (see the settlement test).
  await db.insert(holdings).values(
    (
      [
        ['STK', 'stock', 20_000, 2_000],
        ['DEP', 'deposit', 50_000, null],
        ['GOV', 'governmentBond', 30_000, 30_000],
      ] as const
    ).map(([instrumentCode, mainType, currentValue, nominalValue], i) => ({
      portfolioCode: 'LQB',
      portfolioDate: '2025-06-04',
      rowNo: i + 1,
      instrumentCode,
      mainType,
      nominalValue,
      currentValue,
    })),
  );
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
    // Names in the one vocabulary and format (decision 0060): FTD, "%10", dd.mm.yyyy.
    expect(fixed!.name).toBe("FTD'den %10 geri ödeme, 2 iş günü valörde");
    expect(historical!.name).toMatch(
      /^Tarihsel en kötü net çıkış \(\d{2}\.\d{2}\.\d{4} – 04\.03\.2026\)$/,
    );
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

  // LQB, 04.06.2025, NAV 100 000: STK 20 000 (no volume in 2025 → stock's 5 days, T+2), DEP 50 000
  // (1 day, T+0), GOV 30 000 (1 day, DİBS T+1); redemption valör T+2 (the default).
  // Turkish calendar: 05.06 half day (open), 06-09.06 Kurban Bayramı and weekend, so
  // T = 04.06, T+1 = 05.06, T+2 = 10.06, then 11.06, 12.06, 13.06, 16.06.
  // Cash by the payment date 10.06: STK trades h = 2 − 2 + 1 = 1 day in time → 20 000 × 1/5 = 4 000;
  // DEP 50 000; GOV (h = 2) 30 000 → 84 000, 8.4 × the fixed 10 % redemption.
  it('dates the liquidation and the redemption payment on the Turkish calendar', async () => {
    const { result } = await run({ portfolioCodes: ['LQB'], asOfDate: '2025-06-04' });
    expect(LiquidityTestResultSchema.safeParse(result).success).toBe(true);
    expect(result.conventions.calendar).toBe('Türkiye iş günü takvimi');
    expect(result.conventions.settlementLagDays).toMatchObject({ stock: 2, governmentBond: 1 });
    const fund = result.funds[0]!;
    expect(fund.settlement).toEqual({
      tradeDate: '2025-06-04',
      paymentDate: '2025-06-10',
      cashByPaymentDateTry: 84_000,
    });
    const fixed = fund.scenarios[0]!;
    expect(fixed).toMatchObject({ horizonDays: 2, paymentDate: '2025-06-10' });
    expect(fixed.settledCashTry).toBeCloseTo(84_000, 9);
    expect(fixed.settledCoverageRatio).toBeCloseTo(8.4, 12);
    const dates = Object.fromEntries(
      result.tables['settlementDates']!.rows.map((r): [string, unknown[]] => [
        String(r['instrumentCode']),
        [r['settlementLag'], r['liquidationEndDate'], r['cashDate'], r['settledByPaymentTry']],
      ]),
    );
    // STK: 5 sale days 04, 05, 10, 11, 12.06; cash T+2 after 12.06: 13.06, 16.06.
    expect(dates).toEqual({
      STK: ['T+2', '2025-06-12', '2025-06-16', 4_000],
      DEP: ['T+0', '2025-06-04', '2025-06-04', 50_000],
      GOV: ['T+1', '2025-06-04', '2025-06-05', 30_000],
    });
    const pay = result.tables['redemptionPayment']!;
    expect(pay.columns.map((c) => c.label)).toContain('İade ödeme tarihi');
    expect(pay.rows[0]).toMatchObject({
      portfolioCode: 'LQB',
      tradeDate: '2025-06-04',
      paymentDate: '2025-06-10',
      redemptionTry: 10_000,
      result: 'Yeterli',
    });
  });

  it('follows a calendar override and the settlement lags of the run', async () => {
    // The eve made a full holiday: T+1 = 10.06, T+2 = 11.06; STK sells 04, 10, 11, 12, 13.06 and
    // settles 16, 17.06.
    await database.db
      .insert(calendarOverrides)
      .values({ date: '2025-06-05', kind: 'holiday', name: 'Arife (tam gün tatil)' });
    try {
      const { result } = await run({ portfolioCodes: ['LQB'], asOfDate: '2025-06-04' });
      const fund = result.funds[0]!;
      expect(fund.settlement?.paymentDate).toBe('2025-06-11');
      const stk = result.tables['settlementDates']!.rows.find(
        (r) => r['instrumentCode'] === 'STK',
      )!;
      expect([stk['liquidationEndDate'], stk['cashDate']]).toEqual(['2025-06-13', '2025-06-17']);
      const gov = result.tables['settlementDates']!.rows.find(
        (r) => r['instrumentCode'] === 'GOV',
      )!;
      expect(gov['cashDate']).toBe('2025-06-10');
    } finally {
      await database.db.delete(calendarOverrides).where(eq(calendarOverrides.date, '2025-06-05'));
    }
    // Shares at T+3 and a T+1 redemption: no share settles in time; GOV (T+1) and DEP do.
    const { result } = await run({
      portfolioCodes: ['LQB'],
      asOfDate: '2025-06-04',
      settlementDays: 1,
      settlementLagDays: { stock: 3 },
    });
    const fund = result.funds[0]!;
    expect(fund.settlement).toMatchObject({
      paymentDate: '2025-06-05',
      cashByPaymentDateTry: 80_000,
    });
    const stk = result.tables['settlementDates']!.rows.find((r) => r['instrumentCode'] === 'STK')!;
    expect(stk['settlementLag']).toBe('T+3');
    expect(stk['cashDate']).toBe('2025-06-17');
  });
});
