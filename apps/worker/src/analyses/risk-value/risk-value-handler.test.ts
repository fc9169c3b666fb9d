import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RiskValueResultSchema, type RiskValueInputs } from '@fonrisk/contracts';
import {
  benchmarkComponents,
  benchmarks,
  holdings,
  instruments,
  marketSeries,
  marketValues,
  officialRiskValues,
  portfolios,
  tickerMappings,
} from '@fonrisk/db';
import { createTestDatabase, type TestDatabase } from '@fonrisk/db/testing';
import { AnalysisInputError } from '../../runner/errors.ts';
import { fakeContext } from '../testing/fake-context.ts';
import { riskValueHandler } from './risk-value-handler.ts';

// Prices on the Monday and Friday of each week from 2019-01-07: a week's return (first to last
// business day, Rehber §9.3.2.1 fn. 23) is Friday / Monday − 1, written here per week.
const FIRST_MONDAY = Date.UTC(2019, 0, 7);
const WEEKS = 300;
const day = (week: number, offset: number): string =>
  new Date(FIRST_MONDAY + (week * 7 + offset) * 86_400_000).toISOString().slice(0, 10);
const idxReturn = (k: number): number => 0.03 * Math.sin(1.3 * k);
const fundReturn = (k: number): number => 0.01 * Math.cos(0.7 * k);
const LAST = day(WEEKS - 1, 4);

/** Sample standard deviation × √52 (the SPK formula), computed here independently. */
function spkVolatility(returns: readonly number[]): number {
  const mean = returns.reduce((s, r) => s + r, 0) / returns.length;
  const ss = returns.reduce((s, r) => s + (r - mean) ** 2, 0);
  return Math.sqrt((52 / (returns.length - 1)) * ss);
}

function weeklyRows(ticker: string, from: number, ret: (k: number) => number) {
  const rows = [];
  for (let k = from; k < WEEKS; k++) {
    const monday = 100 * (1 + 0.001 * k);
    rows.push({ ticker, date: day(k, 0), value: monday });
    rows.push({ ticker, date: day(k, 4), value: monday * (1 + ret(k)) });
  }
  return rows;
}

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  await db.insert(marketSeries).values([
    { ticker: 'IDX', name: 'Endeks', kind: 'index', currency: 'TRY' },
    { ticker: 'RVA', name: 'RVA fiyat', kind: 'price', currency: 'TRY' },
    { ticker: 'RVB', name: 'RVB fiyat', kind: 'price', currency: 'TRY' },
    { ticker: 'RVC', name: 'RVC fiyat', kind: 'price', currency: 'TRY' },
  ]);
  await db
    .insert(marketValues)
    .values([
      ...weeklyRows('IDX', 0, idxReturn),
      ...weeklyRows('RVA', WEEKS - 60, fundReturn),
      ...weeklyRows('RVB', 0, fundReturn),
      ...weeklyRows('RVC', WEEKS - 20, fundReturn),
    ]);
  await db.insert(benchmarks).values({ code: 'RVBM', name: '%100 Endeks', kind: 'composite' });
  await db
    .insert(benchmarkComponents)
    .values({ benchmarkCode: 'RVBM', seriesTicker: 'IDX', weightPct: 100 });
  await db.insert(portfolios).values([
    { code: 'RVA', name: 'Genç Dengeli Fon', kind: 'fund', referenceBenchmarkCode: 'RVBM' },
    { code: 'RVB', name: 'Ölçütsüz Fon', kind: 'fund' },
    { code: 'RVC', name: 'Çok Genç Fon', kind: 'fund' },
  ]);
  await db
    .insert(instruments)
    .values({ code: 'IDXH', name: 'Endeks Hissesi', mainType: 'stock', currency: 'TRY' });
  await db
    .insert(tickerMappings)
    .values({ instrumentCode: 'IDXH', seriesTicker: 'IDX', mappingKind: 'direct' });
  await db.insert(holdings).values({
    portfolioCode: 'RVB',
    portfolioDate: LAST,
    rowNo: 1,
    instrumentCode: 'IDXH',
    currentValue: 1_000_000,
    currency: 'TRY',
  });
  await db
    .insert(officialRiskValues)
    .values([{ fundCode: 'RVA', date: day(WEEKS - 2, 4), riskValue: 1, source: 'TEFAS' }]);
});
afterAll(() => database.drop());

const inputs = (codes: string[]): RiskValueInputs => ({
  portfolioCodes: codes,
  asOfDate: LAST,
  weeklyReturnMethod: 'first-to-last',
  minWeeks: 52,
});

describe('risk-value handler', () => {
  it('fills a young fund’s missing weeks from its benchmark and flags a different TEFAS class', async () => {
    const { result } = await riskValueHandler.run(fakeContext(database.db, inputs(['RVA'])));
    expect(() => RiskValueResultSchema.parse(result)).not.toThrow();
    const f = result.funds[0]!;
    const returns = [
      ...Array.from({ length: 200 }, (_, i) => idxReturn(WEEKS - 260 + i)),
      ...Array.from({ length: 60 }, (_, i) => fundReturn(WEEKS - 60 + i)),
    ];
    expect(f.weeks).toBe(260);
    expect(f.benchmarkWeeks).toBe(200);
    expect(f.source).toBe('benchmarkFill');
    expect(f.volatility).toBeCloseTo(spkVolatility(returns), 12);
    // 200 benchmark weeks (σ_w ≈ 2.1 %) and 60 fund weeks (≈ 0.7 %): σ ≈ 13.7 %, class 4 (10–15).
    expect(f.volatility).toBeCloseTo(0.1366, 4);
    expect(f.weeklyRiskValue).toBe(4);
    expect(f.officialTefasRiskValue).toBe(1);
    expect(f.differsFromOfficial).toBe(true);
    expect(f.label).toMatchObject({ word: 'Dengeli', consistent: true });
    expect(f.bands.find((b) => b.current)?.riskValue).toBe(4);
    expect(result.tables['summary']!.rows[0]).toMatchObject({ differsLabel: 'Evet' });
  });

  it('takes the higher of own and current-allocation classes for a fund without a benchmark', async () => {
    const { result } = await riskValueHandler.run(fakeContext(database.db, inputs(['RVB'])));
    const f = result.funds[0]!;
    const own = Array.from({ length: 260 }, (_, i) => fundReturn(WEEKS - 260 + i));
    const alloc = Array.from({ length: 260 }, (_, i) => idxReturn(WEEKS - 260 + i));
    expect(f.volatility).toBeCloseTo(spkVolatility(own), 12);
    // own ≈ 0.0071·√52 ≈ 5.1 %: class 3; allocation ≈ 15.3 %: class 5.
    expect(f.weeklyRiskValue).toBe(3);
    expect(f.allocationVolatility).toBeCloseTo(spkVolatility(alloc), 10);
    expect(f.allocationRiskValue).toBe(5);
    expect(f.riskValue).toBe(5);
    expect(f.source).toBe('higherOfOwnAndAllocation');
    expect(f.officialTefasRiskValue).toBeNull();
  });

  it('answers an unknown fund and a too short history in Turkish', async () => {
    await expect(
      riskValueHandler.run(fakeContext(database.db, inputs(['YOKFON']))),
    ).rejects.toThrow(new AnalysisInputError('YOKFON kodlu portföy bulunamadı.'));
    await expect(riskValueHandler.run(fakeContext(database.db, inputs(['RVC'])))).rejects.toThrow(
      /RVC fonunun risk değeri hesaplanamadı: en az 52 haftalık getiri gerekir, 20 var/,
    );
  });
});
