import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FundStatisticsResultSchema } from '@fonrisk/contracts';
import { officialRiskValues } from '@fonrisk/db';
import { createTestDatabase, type TestDatabase } from '@fonrisk/db/testing';
import { fakeContext } from '../testing/fake-context.ts';
import { TINY, insertTinyPortfolio, tinyPrice } from '../testing/tiny-portfolio.ts';
import { fundStatisticsHandler } from './fund-statistics-handler.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await insertTinyPortfolio(database.db);
});
afterAll(() => database.drop());

describe('fund-statistics handler', () => {
  it('computes each fund from its stored prices over the period, against the benchmark, and ranks them', async () => {
    const ctx = fakeContext(database.db, {
      fundCodes: ['AAA', 'BBB'],
      fromDate: TINY.dates[10]!,
      toDate: TINY.dates[60]!,
      benchmarkTicker: 'UUU',
    });
    const { result } = await fundStatisticsHandler.run(ctx);
    expect(FundStatisticsResultSchema.safeParse(result).success).toBe(true);
    const aaa = result.funds.find((f) => f.code === 'AAA')!;
    expect(aaa.firstDate).toBe(TINY.dates[10]);
    expect(aaa.observations).toBe(50);
    // Period return straight from the price formula.
    expect(aaa.figures.cumulativeReturn).toBeCloseTo(
      tinyPrice('AAA', 60) / tinyPrice('AAA', 10) - 1,
      10,
    );
    expect(aaa.figures.beta).not.toBeNull();
    expect(result.benchmark?.ticker).toBe('UUU');
    const better =
      aaa.figures.cumulativeReturn! > result.funds[1]!.figures.cumulativeReturn! ? 'AAA' : 'BBB';
    expect(result.ranks.cumulativeReturn![better]).toBe(1);
    expect(result.tables.calendar!.rows.length).toBeGreaterThan(0);
  });

  it('weekly frequency takes the last price of each week and annualises with 52', async () => {
    const ctx = fakeContext(database.db, {
      fundCodes: ['AAA'],
      fromDate: TINY.dates[0]!,
      toDate: TINY.dates[60]!,
      frequency: 'weekly' as const,
    });
    const { result } = await fundStatisticsHandler.run(ctx);
    // 61 business days from Monday 2025-01-06: 12 full weeks and one Monday → 13 week-end prices.
    expect(result.frequency).toBe('weekly');
    expect(result.funds[0]!.observations).toBe(12);
    expect(result.funds[0]!.figures.cumulativeReturn).toBeCloseTo(
      tinyPrice('AAA', 60) / tinyPrice('AAA', 4) - 1,
      10,
    );
  });

  it('names a fund without stored prices in Turkish', async () => {
    const ctx = fakeContext(database.db, {
      fundCodes: ['YOK'],
      fromDate: TINY.dates[0]!,
      toDate: TINY.dates[60]!,
    });
    await expect(fundStatisticsHandler.run(ctx)).rejects.toThrow(
      'YOK için kayıtlı birim pay fiyatı bulunamadı',
    );
  });

  it('shows the latest official risk value on or before the end beside the figures', async () => {
    await database.db.insert(officialRiskValues).values([
      { fundCode: 'AAA', date: TINY.dates[5]!, riskValue: 3, source: 'TEFAS' },
      { fundCode: 'AAA', date: TINY.dates[50]!, riskValue: 4, source: 'TEFAS' },
      { fundCode: 'AAA', date: '2030-01-02', riskValue: 6, source: 'TEFAS' },
    ]);
    const { result } = await fundStatisticsHandler.run(
      fakeContext(database.db, {
        fundCodes: ['AAA', 'BBB'],
        fromDate: TINY.dates[10]!,
        toDate: TINY.dates[60]!,
      }),
    );
    const aaa = result.funds.find((f) => f.code === 'AAA')!;
    expect([aaa.officialRiskValue, aaa.officialRiskDate]).toEqual([4, TINY.dates[50]]);
    expect(result.funds.find((f) => f.code === 'BBB')!.officialRiskValue).toBeNull();
    const row = result.tables.figures!.rows.find((r) => r['code'] === 'AAA')!;
    expect(row['officialRiskValue']).toBe(4);
  });
});
