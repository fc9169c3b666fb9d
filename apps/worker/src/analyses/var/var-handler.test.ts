import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type VarInputs, VarPointSchema, VarResultSchema } from '@fonrisk/contracts';
import {
  and,
  benchmarkComponents,
  benchmarks,
  eq,
  marketValues,
  marketValuesDerived,
  portfolios,
  settings,
} from '@fonrisk/db';
import { createTestDatabase, type TestDatabase } from '@fonrisk/db/testing';
import { AnalysisInputError } from '../../runner/errors.ts';
import { fakeContext } from '../testing/fake-context.ts';
import { TINY, insertTinyPortfolio, tinyPrice, tinyUsd } from '../testing/tiny-portfolio.ts';
import { varHandler } from './var-handler.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await insertTinyPortfolio(database.db);
});
afterAll(() => database.drop());

/**
 * Independent historical VaR: the R type-7 loss quantile of the portfolio P&L of the last
 * `window` days as it is (decision 0015; demeaned for the zero-mean option), × √horizon.
 */
function independentHistoricalVar(
  window: number,
  confidence: number,
  horizon: number,
  meanHandling: 'include' | 'exclude' = 'include',
): { var: number; pnl: number[] } {
  const n = TINY.dates.length;
  const pnl: number[] = [];
  for (let t = n - window; t < n; t++) {
    const a = tinyPrice('AAA', t) / tinyPrice('AAA', t - 1) - 1;
    const b = tinyPrice('BBB', t) / tinyPrice('BBB', t - 1) - 1;
    const u = (tinyPrice('UUU', t) * tinyUsd(t)) / (tinyPrice('UUU', t - 1) * tinyUsd(t - 1)) - 1;
    pnl.push(TINY.values.AAA! * a + TINY.values.BBB! * b + TINY.values.UUU! * u);
  }
  let mean = 0;
  for (const x of pnl) mean += x / pnl.length;
  const shift = meanHandling === 'include' ? 0 : mean;
  const sorted = pnl.map((x) => x - shift).sort((x, y) => x - y);
  const h = (sorted.length - 1) * (1 - confidence);
  const lo = Math.floor(h);
  const q = sorted[lo]! + (h - lo) * (sorted[lo + 1]! - sorted[lo]!);
  return { var: -q * Math.sqrt(horizon), pnl };
}

describe('var handler on a hand-made portfolio', () => {
  const last = TINY.dates[TINY.dates.length - 1]!;
  const nav = Object.values(TINY.values).reduce((s, v) => s + v, 0);

  it('matches an independent historical VaR with the square-root-of-time rule', async () => {
    const inputs: VarInputs = {
      portfolioCodes: [TINY.code],
      asOfDate: last,
      method: 'historical',
      confidenceLevel: 0.95,
      windowDays: 40,
      horizonDays: 20,
      horizonScaling: 'sqrtTime',
    };
    const ctx = fakeContext(database.db, inputs);
    const { result } = await varHandler.run(ctx);
    expect(() => VarResultSchema.parse(result)).not.toThrow();
    const detail = result.portfolios[0]!;
    const expected = independentHistoricalVar(40, 0.95, 20);
    expect(detail.varTry).toBeCloseTo(expected.var, 6);
    expect(detail.navTry).toBe(nav);
    expect(detail.varPct).toBeCloseTo(expected.var / nav, 12);
    const componentSum = detail.positions.reduce((s, p) => s + p.componentVarTry, 0);
    expect(componentSum, 'Euler components sum to the VaR').toBeCloseTo(detail.varTry, 6);
    expect(detail.unmapped.map((u) => u.instrumentCode)).toEqual(['NOMAP']);
    expect(detail.unmappedWeight).toBeCloseTo(10_000 / nav, 12);
    expect(detail.limitPct).toBe(0.25);
    expect(detail.usage).toBeCloseTo(detail.varPct / 0.25, 12);
    expect(result.parameters.scalingRule).toBe('RMD(20 gün) = RMD(1 gün) × √20');
    expect(Object.keys(result.tables)).toEqual(
      expect.arrayContaining(['summary', 'positions', 'riskFactor', 'unmapped']),
    );
    // Decision 0071: the position table is one row per holding (a detail table of the reports).
    expect([result.tables.positions?.perHolding, result.tables.summary?.perHolding]).toEqual([
      true,
      undefined,
    ]);
    // The summary row is the point and its status label, not the detail's positions and tables.
    expect(Object.keys(result.tables.summary!.rows[0]!).sort()).toEqual(
      [...VarPointSchema.keyof().options, 'statusLabel'].sort(),
    );
    expect(result.tables.summary!.rows[0]).toMatchObject({
      portfolioCode: detail.portfolioCode,
      varTry: detail.varTry,
      status: detail.status,
    });
    expect(ctx.messages.at(-1)?.message).toContain('RMD hesaplandı');
  });

  it('matches an independent parametric VaR (sample standard deviation × z × √h)', async () => {
    const inputs: VarInputs = {
      portfolioCodes: [TINY.code],
      asOfDate: last,
      method: 'parametric',
      confidenceLevel: 0.99,
      windowDays: 40,
      horizonDays: 1,
    };
    const { result } = await varHandler.run(fakeContext(database.db, inputs));
    const { pnl } = independentHistoricalVar(40, 0.99, 1);
    const mean = pnl.reduce((s, x) => s + x, 0) / pnl.length;
    const sd = Math.sqrt(pnl.reduce((s, x) => s + (x - mean) ** 2, 0) / (pnl.length - 1));
    // Mean included (decision 0015): z·σ − μ.
    expect(result.portfolios[0]!.varTry).toBeCloseTo(2.3263478740408408 * sd - mean, 4);
  });

  it('offers the zero-mean model as an option, and keeps the √h rule whatever the mean option', async () => {
    const base: VarInputs = {
      portfolioCodes: [TINY.code],
      asOfDate: last,
      method: 'historical',
      confidenceLevel: 0.95,
      windowDays: 40,
      horizonDays: 20,
    };
    const zero = await varHandler.run(fakeContext(database.db, { ...base, mean: 'exclude' }));
    const asIs = await varHandler.run(fakeContext(database.db, base));
    expect(zero.result.parameters.mean).toBe('exclude');
    expect(asIs.result.parameters.mean).toBe('include');
    expect(zero.result.portfolios[0]!.varTry).toBeCloseTo(
      independentHistoricalVar(40, 0.95, 20, 'exclude').var,
      6,
    );
    const oneDay = await varHandler.run(fakeContext(database.db, { ...base, horizonDays: 1 }));
    expect(asIs.result.portfolios[0]!.varTry, '20-day = 1-day × √20').toBeCloseTo(
      oneDay.result.portfolios[0]!.varTry * Math.sqrt(20),
      6,
    );
  });

  it('gives a VaR time series for a date range, one point per holdings date', async () => {
    const inputs: VarInputs = {
      portfolioCodes: [TINY.code],
      fromDate: TINY.dates[55]!,
      toDate: last,
      windowDays: 40,
      horizonDays: 1,
    };
    const { result } = await varHandler.run(fakeContext(database.db, inputs));
    expect(result.series.map((p) => p.date)).toEqual(TINY.dates.slice(55));
    expect(result.tables.series?.rows).toHaveLength(6);
  });

  it('refuses the run when unmapped holdings exceed the tolerance in settings, naming them', async () => {
    await database.db
      .insert(settings)
      .values({ key: 'var-settings', value: { unmappedTolerancePct: 0.1 } });
    try {
      const inputs: VarInputs = { portfolioCodes: [TINY.code], asOfDate: last, windowDays: 40 };
      const run = varHandler.run(fakeContext(database.db, inputs));
      await expect(run).rejects.toBeInstanceOf(AnalysisInputError);
      await expect(run).rejects.toThrow(/MINI portföyü, 31.03.2025: .*NOMAP/);
    } finally {
      await database.db.delete(settings);
    }
  });

  it('sets the relative limit at twice the VaR of the reference benchmark (Rehber §7.6.2)', async () => {
    await database.db
      .insert(benchmarks)
      .values({ code: 'REF-AAA', name: 'AAA Referans', kind: 'composite' });
    await database.db
      .insert(benchmarkComponents)
      .values({ benchmarkCode: 'REF-AAA', seriesTicker: 'AAA', weightPct: 100 });
    await database.db
      .update(portfolios)
      .set({ referenceBenchmarkCode: 'REF-AAA' })
      .where(eq(portfolios.code, TINY.code));
    const inputs: VarInputs = {
      portfolioCodes: [TINY.code],
      asOfDate: last,
      method: 'historical',
      confidenceLevel: 0.95,
      windowDays: 40,
      horizonDays: 1,
      approach: 'relative',
    };
    const { result } = await varHandler.run(fakeContext(database.db, inputs));
    // Reference: 100 % in AAA; its VaR fraction is the type-7 loss quantile of AAA's returns.
    const n = TINY.dates.length;
    const r = Array.from(
      { length: 40 },
      (_, k) => tinyPrice('AAA', n - 40 + k) / tinyPrice('AAA', n - 41 + k) - 1,
    );
    const sorted = [...r].sort((a, b) => a - b);
    const h = 39 * 0.05;
    const lo = Math.floor(h);
    const refPct = -(sorted[lo]! + (h - lo) * (sorted[lo + 1]! - sorted[lo]!));
    const detail = result.portfolios[0]!;
    expect(detail.approach).toBe('relative');
    expect(detail.referenceVarPct).toBeCloseTo(refPct, 10);
    expect(detail.limitPct).toBeCloseTo(2 * refPct, 10);
    expect(detail.usage).toBeCloseTo(detail.varPct / (2 * refPct), 10);
  });

  it('refuses a window longer than the market history', async () => {
    const inputs: VarInputs = { portfolioCodes: [TINY.code], asOfDate: last, windowDays: 250 };
    await expect(varHandler.run(fakeContext(database.db, inputs))).rejects.toThrow(
      /piyasa verisi yetersiz/,
    );
  });
});

describe('price basis (issue 10): VaR reads split-adjusted prices and says so', () => {
  let split: TestDatabase;
  const SPLIT_AT = 50;
  beforeAll(async () => {
    split = await createTestDatabase();
    await insertTinyPortfolio(split.db);
    // AAA split 2:1 on day 50: the raw closes before it are twice the adjusted ones, and the
    // derived table (built by the API from the corporate action) holds the adjusted closes.
    for (let t = 0; t < SPLIT_AT; t++)
      await split.db
        .update(marketValues)
        .set({ value: 2 * tinyPrice('AAA', t) })
        .where(and(eq(marketValues.ticker, 'AAA'), eq(marketValues.date, TINY.dates[t]!)));
    await split.db.insert(marketValuesDerived).values(
      TINY.dates.map((date, t) => ({
        ticker: 'AAA',
        date,
        adjusted: tinyPrice('AAA', t),
        totalReturn: tinyPrice('AAA', t),
      })),
    );
  });
  afterAll(() => split.drop());

  it('gives the VaR of the adjusted history, not the false -50 % day of the raw one', async () => {
    const inputs: VarInputs = {
      portfolioCodes: [TINY.code],
      asOfDate: TINY.dates[TINY.dates.length - 1]!,
      method: 'historical',
      confidenceLevel: 0.95,
      windowDays: 40,
      horizonDays: 20,
      horizonScaling: 'sqrtTime',
    };
    const { result } = await varHandler.run(fakeContext(split.db, inputs));
    expect(result.parameters.priceBasis).toBe('adjusted');
    expect(result.portfolios[0]!.varTry).toBeCloseTo(independentHistoricalVar(40, 0.95, 20).var, 6);
  });
});
