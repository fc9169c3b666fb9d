import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RiskValueResultSchema, type RiskValueInputs } from '@fonrisk/contracts';
import {
  benchmarkComponents,
  benchmarks,
  calendarOverrides,
  eq,
  holdings,
  instruments,
  marketSeries,
  marketValues,
  officialRiskValues,
  portfolios,
  tickerMappings,
} from '@fonrisk/db';
import { createTestDatabase, type TestDatabase } from '@fonrisk/db/testing';
import { TURKISH_CALENDAR, parseIsoDate } from '@fonrisk/risk';
import { AnalysisInputError } from '../../runner/errors.ts';
import { fakeContext } from '../testing/fake-context.ts';
import { riskValueHandler } from './risk-value-handler.ts';

// Prices on the first and last business day of each week from 2019-01-07 on the Turkish
// calendar (a Bayram Monday moves the first price to Tuesday, a holiday Friday the last to
// Thursday): a week's return (first to last business day, Rehber §9.3.2.1 fn. 23) is
// last / first − 1, written here per week.
const FIRST_MONDAY = Date.UTC(2019, 0, 7);
const WEEKS = 300;
const calendarDay = (week: number, offset: number): string =>
  new Date(FIRST_MONDAY + (week * 7 + offset) * 86_400_000).toISOString().slice(0, 10);
/** Offset 0: the week's first business day; offset 4: its last. */
const day = (week: number, offset: 0 | 4): string => {
  const step = offset === 0 ? 1 : -1;
  let d = offset;
  while (!TURKISH_CALENDAR.isBusinessDay(parseIsoDate(calendarDay(week, d)))) d += step;
  return calendarDay(week, d);
};
const idxReturn = (k: number): number => 0.03 * Math.sin(1.3 * k);
const fundReturn = (k: number): number => 0.01 * Math.cos(0.7 * k);
const LAST = day(WEEKS - 1, 4);

/** Sample standard deviation × √52 (the SPK formula), computed here independently. */
function spkVolatility(returns: readonly number[]): number {
  const mean = returns.reduce((s, r) => s + r, 0) / returns.length;
  const ss = returns.reduce((s, r) => s + (r - mean) ** 2, 0);
  return Math.sqrt((52 / (returns.length - 1)) * ss);
}

/** A week with a single business day (Kurban Bayramı 2021: Monday 19 July only) has no return. */
const hasReturn = (k: number): boolean => day(k, 0) !== day(k, 4);

/** The returns of the priced weeks from week `from` up to (not including) week `to`, in order. */
function pricedReturns(ret: (k: number) => number, from: number, to = WEEKS): number[] {
  const out: number[] = [];
  for (let k = from; k < to; k++) if (hasReturn(k)) out.push(ret(k));
  return out;
}

function weeklyRows(ticker: string, from: number, ret: (k: number) => number) {
  const rows = [];
  for (let k = from; k < WEEKS; k++) {
    const first = 100 * (1 + 0.001 * k);
    rows.push({ ticker, date: day(k, 0), value: first });
    if (hasReturn(k)) rows.push({ ticker, date: day(k, 4), value: first * (1 + ret(k)) });
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
      ...pricedReturns(idxReturn, 0, WEEKS - 60).slice(-200),
      ...pricedReturns(fundReturn, WEEKS - 60),
    ];
    expect(returns).toHaveLength(260);
    expect(f.weeks).toBe(260);
    expect(f.benchmarkWeeks).toBe(200);
    expect(f.source).toBe('benchmarkFill');
    expect(f.volatility).toBeCloseTo(spkVolatility(returns), 12);
    // 200 benchmark weeks (σ_w ≈ 2.1 %) and 60 fund weeks (≈ 0.7 %): σ ≈ 13.7 %, class 4 (10–15).
    expect(f.volatility).toBeCloseTo(0.1362, 4);
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
    const own = pricedReturns(fundReturn, 0).slice(-260);
    const alloc = pricedReturns(idxReturn, 0).slice(-260);
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

  it('reads the calendar screen’s edits on each run: a holiday added changes the weekly return set', async () => {
    const before = (await riskValueHandler.run(fakeContext(database.db, inputs(['RVB'])))).result;
    expect(before.funds[0]!.asOfDate).toBe(LAST);
    // The last week's Friday becomes a holiday: that week keeps a single business-day price, so it
    // has no first-to-last return and the latest week is the one before.
    await database.db
      .insert(calendarOverrides)
      .values({ date: LAST, kind: 'holiday', name: 'Test' });
    try {
      const run = await riskValueHandler.run(fakeContext(database.db, inputs(['RVB'])));
      const f = run.result.funds[0]!;
      expect(f.asOfDate).toBe(day(WEEKS - 2, 4));
      expect(f.history.at(-1)!.date).toBe(day(WEEKS - 2, 4));
      const own = pricedReturns(fundReturn, 0, WEEKS - 1).slice(-260);
      expect(f.volatility).toBeCloseTo(spkVolatility(own), 12);
      expect(run.dataSnapshot['calendarEdits']).toEqual([`${LAST} holiday`]);
    } finally {
      await database.db.delete(calendarOverrides).where(eq(calendarOverrides.date, LAST));
    }
  });
});
