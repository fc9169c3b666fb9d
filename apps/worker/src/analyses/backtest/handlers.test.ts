import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BacktestResultSchema,
  IncrementalVarInputsSchema,
  IncrementalVarResultSchema,
} from '@fonrisk/contracts';
import { createTestDatabase, type TestDatabase } from '@fonrisk/db/testing';
import { incrementalVarHandler } from '../incremental-var/incremental-var-handler.ts';
import { fakeContext } from '../testing/fake-context.ts';
import { TINY, insertTinyPortfolio, tinyPrice, tinyUsd } from '../testing/tiny-portfolio.ts';
import { backtestHandler } from './backtest-handler.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await insertTinyPortfolio(database.db);
});
afterAll(() => database.drop());

/** Portfolio P&L from day t-1 to t with the given TRY values, computed directly from the price formulas. */
function dayPnl(t: number, values: Record<string, number>): number {
  const a = tinyPrice('AAA', t) / tinyPrice('AAA', t - 1) - 1;
  const b = tinyPrice('BBB', t) / tinyPrice('BBB', t - 1) - 1;
  const u = (tinyPrice('UUU', t) * tinyUsd(t)) / (tinyPrice('UUU', t - 1) * tinyUsd(t - 1)) - 1;
  return values.AAA! * a + values.BBB! * b + values.UUU! * u;
}

/** Historical 1-day VaR: the type-7 loss quantile of the P&L as it is over days [end - window + 1, end] (decision 0015). */
function historicalVar(
  end: number,
  window: number,
  confidence: number,
  values: Record<string, number>,
): number {
  const pnl: number[] = [];
  for (let t = end - window + 1; t <= end; t++) pnl.push(dayPnl(t, values));
  const sorted = [...pnl].sort((x, y) => x - y);
  const h = (sorted.length - 1) * (1 - confidence);
  const lo = Math.floor(h);
  return -(sorted[lo]! + (h - lo) * (sorted[lo + 1]! - sorted[lo]!));
}

describe('backtest handler', () => {
  it('forecasts each day from the window ending the day before and counts exceptions against the frozen-holdings P&L', async () => {
    const from = TINY.dates[40]!;
    const ctx = fakeContext(database.db, {
      portfolioCode: TINY.code,
      fromDate: from,
      toDate: TINY.dates[60]!,
      method: 'historical' as const,
      confidenceLevel: 0.9,
      windowDays: 30,
    });
    const { result } = await backtestHandler.run(ctx);
    expect(() => BacktestResultSchema.parse(result)).not.toThrow();
    expect(result.points.map((p) => p.date)).toEqual(TINY.dates.slice(41, 61));
    let exceptions = 0;
    result.points.forEach((p, k) => {
      const t = 41 + k;
      const expectedVar = historicalVar(t - 1, 30, 0.9, TINY.values);
      expect(p.varTry, `VaR for ${p.date}`).toBeCloseTo(expectedVar, 6);
      expect(p.hypotheticalPnlTry).toBeCloseTo(dayPnl(t, TINY.values), 6);
      expect(p.actualPnlTry, 'NAV is re-struck at the same values every day').toBe(0);
      if (dayPnl(t, TINY.values) < -expectedVar) exceptions += 1;
    });
    expect(result.hypothetical.exceptions).toBe(exceptions);
    expect(result.hypothetical.observations).toBe(20);
    expect(result.actual?.exceptions).toBe(0);
    expect(ctx.messages.at(-1)?.message).toBe('Geriye dönük test tamamlandı');
  });

  it('asks for its pieces of days together and puts each day in its place, whatever order they finish in', async () => {
    const ctx = fakeContext(database.db, {
      portfolioCode: TINY.code,
      fromDate: TINY.dates[5]!,
      toDate: TINY.dates[60]!,
      method: 'historical' as const,
      confidenceLevel: 0.9,
      windowDays: 5,
    });
    // Each compute task is held until the test lets it go.
    const held: (() => void)[] = [];
    const compute = ((...call: Parameters<typeof ctx.compute>) =>
      new Promise<unknown>((resolve, reject) => {
        held.push(() => {
          const answer: Promise<unknown> = ctx.compute(...call);
          void answer.then(resolve, reject);
        });
      })) as typeof ctx.compute;
    const run = backtestHandler.run({ ...ctx, compute });
    // 55 days: a piece of 50 and one of 5, both asked for before either is answered.
    await vi.waitFor(() => expect(held).toHaveLength(2));
    held[1]!();
    await vi.waitFor(() => expect(ctx.messages.at(-1)?.message).toBe('5 / 55 gün hesaplandı'));
    held[0]!();
    const { result } = await run;
    expect(result.points.map((p) => p.date)).toEqual(TINY.dates.slice(6, 61));
    result.points.forEach((p, k) => {
      const t = 6 + k;
      expect(p.varTry, `VaR for ${p.date}`).toBeCloseTo(
        historicalVar(t - 1, 5, 0.9, TINY.values),
        6,
      );
      expect(p.hypotheticalPnlTry).toBeCloseTo(dayPnl(t, TINY.values), 6);
    });
    expect(ctx.messages.map((m) => m.message)).toContain('55 / 55 gün hesaplandı');
  });
});

describe('incremental VaR handler', () => {
  it('decomposes VaR into components that sum to it and re-evaluates a what-if trade in full', async () => {
    const last = TINY.dates[60]!;
    const inputs = IncrementalVarInputsSchema.parse({
      portfolioCode: TINY.code,
      asOfDate: last,
      method: 'historical',
      confidenceLevel: 0.95,
      windowDays: 40,
      horizonDays: 1,
      trades: [{ instrumentCode: 'AAA', valueChangeTry: 500_000 }],
    });
    const { result } = await incrementalVarHandler.run(fakeContext(database.db, inputs));
    expect(() => IncrementalVarResultSchema.parse(result)).not.toThrow();
    expect(result.varTry).toBeCloseTo(historicalVar(60, 40, 0.95, TINY.values), 6);
    expect(result.componentSumTry).toBeCloseTo(result.varTry, 6);
    const after = historicalVar(60, 40, 0.95, { ...TINY.values, AAA: 1_500_000 });
    expect(result.whatIf?.varAfterTry).toBeCloseTo(after, 6);
    expect(result.whatIf?.navAfterTry).toBeCloseTo(1_810_000 + 500_000, 6);
    const withoutAaa = historicalVar(60, 40, 0.95, { ...TINY.values, AAA: 0 });
    const aaa = result.positions.find((p) => p.instrumentCode === 'AAA')!;
    expect(aaa.incrementalVarTry).toBeCloseTo(result.varTry - withoutAaa, 6);
  });
});
