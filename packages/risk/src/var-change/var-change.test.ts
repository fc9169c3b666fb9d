import { describe, expect, it } from 'vitest';
import { InsufficientHistoryError, InvalidInputError } from '../errors.ts';
import type { MarketData, SeriesData } from '../scenario/market.ts';
import type { RiskModel } from '../scenario/matrix-risk.ts';
import type { PositionInput } from '../scenario/types.ts';
import {
  VAR_CHANGE_ORDER,
  type VarChangeModel,
  type VarChangeSide,
  revaluePositions,
  varChange,
} from './var-change.ts';

// Seven dates. Yesterday = index 5, today = index 6. Four one-day scenarios: the window ending
// yesterday holds the moves 1→2, 2→3, 3→4, 4→5; the one ending today 2→3, 3→4, 4→5, 5→6.
const DATES = [
  '2025-01-06',
  '2025-01-07',
  '2025-01-08',
  '2025-01-09',
  '2025-01-10',
  '2025-01-13',
  '2025-01-14',
];
const D0 = DATES[5]!;
const D1 = DATES[6]!;

function series(ticker: string, values: number[]): SeriesData {
  return {
    ticker,
    kind: 'price',
    currency: 'TRY',
    tenorDays: null,
    values: Float64Array.from(values),
  };
}

// AAA: returns −10 %, +10 %, 0, +10 % (window ending yesterday), then 0 (today): the −10 % day
// leaves the window, no price moves today. BBB: flat, then −10 % today. CCC: returns +10 %, −10 %,
// +10 %, −10 %, then 0.
const MARKET: MarketData = {
  dates: DATES,
  series: new Map(
    [
      series('AAA', [100, 100, 90, 99, 99, 108.9, 108.9]),
      series('BBB', [100, 100, 90, 99, 99, 108.9, 98.01]),
      series('CCC', [100, 100, 110, 99, 108.9, 98.01, 98.01]),
    ].map((s) => [s.ticker, s]),
  ),
  fx: new Map(),
};

function stock(code: string, ticker: string, valueTry: number): PositionInput {
  return {
    instrumentCode: code,
    instrumentName: `${code} A.Ş.`,
    mainType: 'stock',
    currency: 'TRY',
    nominalValue: null,
    valueTry,
    maturityDate: null,
    ratePct: null,
    modifiedDuration: null,
    terms: null,
    mappingTicker: ticker,
    underlyingTicker: null,
    underlyingIsFuture: false,
  };
}

// Historical, 75 % confidence, one day, mean included: with four scenarios the type-7 quantile at
// 0.25 is x₍₁₎ + 0.75·(x₍₂₎ − x₍₁₎) of the sorted P&L, VaR its negative.
const MODEL: RiskModel = {
  method: 'historical',
  confidenceLevel: 0.75,
  horizonDays: 1,
  lambda: 0.94,
  draws: 1000,
  seed: 1,
  mean: 'include',
};
const HIST: VarChangeModel = { model: MODEL, windowDays: 4, stepDays: 1 };

function side(date: string, positions: PositionInput[], model = HIST): VarChangeSide {
  return { date, positions, model };
}

function parts(r: ReturnType<typeof varChange>): Record<string, number> {
  return Object.fromEntries(r.steps.map((s) => [s.factor, s.changeTry]));
}

describe('varChange', () => {
  it('puts the whole change in part 1 when only one position changes', () => {
    // Same date, same model; AAA doubles. Window ending yesterday: AAA P&L per 1000 TRY
    // [−100, 100, 0, 100]; CCC [100, −100, 100, −100]. Yesterday: 1000 AAA + 1000 CCC →
    // [0, 0, 100, 0], sorted [0, 0, 0, 100] → VaR 0. Today: 2000 AAA + 1000 CCC → [−100, 100,
    // 100, 100], sorted [−100, 100, 100, 100] → q = −100 + 0.75·200 = 50, VaR −50.
    const r = varChange(
      MARKET,
      side(D0, [stock('AAA', 'AAA', 1000), stock('CCC', 'CCC', 1000)]),
      side(D0, [stock('AAA', 'AAA', 2000), stock('CCC', 'CCC', 1000)]),
    );
    expect(r.fromVarTry).toBeCloseTo(0, 9);
    expect(r.toVarTry).toBeCloseTo(-50, 9);
    expect(parts(r)).toEqual({ positions: r.changeTry, window: 0, prices: 0, parameters: 0 });
    const positions = r.steps[0]!;
    expect(positions.minTry).toBe(positions.maxTry);
    // Only AAA's and CCC's components can move; the list names AAA first when it moves most.
    expect(positions.positions.map((p) => p.instrumentCode)).toContain('AAA');
    expect(positions.positions.reduce((s, p) => s + p.changeTry, 0)).toBeCloseTo(r.changeTry, 9);
  });

  it('puts the whole change in part 2 when only the window rolls', () => {
    // The same 1000 TRY of AAA both days (no price move today). Window ending yesterday:
    // [−100, 100, 0, 100] → sorted [−100, 0, 100, 100] → q = −100 + 0.75·100 = −25, VaR 25.
    // Window ending today: [100, 0, 100, 0] → sorted [0, 0, 100, 100] → q = 0, VaR 0: the −10 %
    // day of 08.01 left the window.
    const r = varChange(
      MARKET,
      side(D0, [stock('AAA', 'AAA', 1000)]),
      side(D1, [stock('AAA', 'AAA', 1000)]),
    );
    expect(r.fromVarTry).toBeCloseTo(25, 9);
    expect(r.toVarTry).toBeCloseTo(0, 9);
    expect(parts(r)).toEqual({ positions: 0, window: r.changeTry, prices: 0, parameters: 0 });
    const [aaa, ...others] = r.steps[1]!.positions;
    expect(others).toEqual([]);
    expect(aaa!.instrumentCode).toBe('AAA');
    expect(aaa!.instrumentName).toBe('AAA A.Ş.');
    expect(aaa!.beforeTry).toBeCloseTo(25, 9);
    expect(aaa!.changeTry).toBeCloseTo(-25, 9);
  });

  it('puts a price move of unchanged quantities in part 3', () => {
    // 1000 TRY of BBB yesterday, the same shares worth 900 TRY today (−10 %). Today's holdings at
    // yesterday's price: 900 / 0.9 = 1000, so part 1 is nil. BBB's window ending yesterday is
    // AAA's (VaR 25 per 1000); ending today: [10 %, 0, 10 %, −10 %] → sorted [−100, 0, 100, 100]
    // per 1000 → VaR 25 per 1000 too, so part 2 is nil; at 900 TRY VaR is 22.5: part 3 = −2.5.
    const r = varChange(
      MARKET,
      side(D0, [stock('BBB', 'BBB', 1000)]),
      side(D1, [stock('BBB', 'BBB', 900)]),
    );
    const p = parts(r);
    expect(r.fromVarTry).toBeCloseTo(25, 9);
    expect(r.toVarTry).toBeCloseTo(22.5, 9);
    expect(p.positions).toBeCloseTo(0, 9);
    expect(p.window).toBeCloseTo(0, 9);
    expect(p.prices).toBeCloseTo(-2.5, 9);
    expect(p.parameters).toBe(0);
    // The window step's rounding-only moves are not listed as positions behind it.
    expect(r.steps[1]!.positions.every((x) => Math.abs(x.changeTry) > 1e-9)).toBe(true);
  });

  it('puts a change of confidence level in part 4', () => {
    // 95 %: h = 3·0.05 = 0.15 → q = −100 + 0.15·100 = −85 on [−100, 0, 100, 100]: VaR 85.
    const today: VarChangeModel = { ...HIST, model: { ...MODEL, confidenceLevel: 0.95 } };
    const r = varChange(
      MARKET,
      side(D0, [stock('AAA', 'AAA', 1000)]),
      side(D0, [stock('AAA', 'AAA', 1000)], today),
    );
    expect(r.toVarTry).toBeCloseTo(85, 9);
    expect(parts(r)).toEqual({ positions: 0, window: 0, prices: 0, parameters: r.changeTry });
    expect(r.changeTry).toBeCloseTo(60, 9);
  });

  it('adds up to the change in every order and reports the spread over the 24 orders', () => {
    // Everything moves: AAA doubles, BBB falls 10 %, the window rolls, confidence 95 %.
    const today: VarChangeModel = { ...HIST, model: { ...MODEL, confidenceLevel: 0.95 } };
    const from = side(D0, [stock('AAA', 'AAA', 1000), stock('BBB', 'BBB', 1000)]);
    const to = side(D1, [stock('AAA', 'AAA', 2000), stock('BBB', 'BBB', 900)], today);
    const base = varChange(MARKET, from, to);
    expect(base.orders).toBe(24);
    expect(base.order).toEqual(VAR_CHANGE_ORDER);
    const reversed = varChange(MARKET, from, to, { order: [...VAR_CHANGE_ORDER].reverse() });
    for (const r of [base, reversed]) {
      expect(r.steps.reduce((s, x) => s + x.changeTry, 0)).toBeCloseTo(r.changeTry, 9);
      expect(r.fromVarTry).toBe(base.fromVarTry);
      expect(r.toVarTry).toBe(base.toVarTry);
      for (const s of r.steps) {
        expect(s.changeTry).toBeGreaterThanOrEqual(s.minTry - 1e-9);
        expect(s.changeTry).toBeLessThanOrEqual(s.maxTry + 1e-9);
      }
    }
    // The spread is one per factor, whatever the order shown.
    const spreadOf = (r: typeof base) =>
      Object.fromEntries(r.steps.map((s) => [s.factor, [s.minTry, s.maxTry]]));
    expect(spreadOf(reversed)).toEqual(spreadOf(base));
    // Here the order matters for at least one part.
    expect(base.steps.some((s) => s.maxTry - s.minTry > 1e-6)).toBe(true);
  });

  it('refuses an order that does not name the four factors once', () => {
    const s = side(D0, [stock('AAA', 'AAA', 1000)]);
    expect(() =>
      varChange(MARKET, s, s, { order: ['positions', 'window', 'prices', 'prices'] }),
    ).toThrow(InvalidInputError);
  });

  it('refuses a window longer than the market data', () => {
    const s = side(D0, [stock('AAA', 'AAA', 1000)], { ...HIST, windowDays: 6 });
    expect(() => varChange(MARKET, s, s)).toThrow(InsufficientHistoryError);
  });
});

describe('revaluePositions', () => {
  it('values linear positions at the other date exactly, forward and backward', () => {
    const [back] = revaluePositions([stock('BBB', 'BBB', 900)], MARKET, 6, 5, D1);
    expect(back!.valueTry).toBeCloseTo(1000, 9);
    const [forward] = revaluePositions([stock('BBB', 'BBB', 1000)], MARKET, 5, 6, D0);
    expect(forward!.valueTry).toBeCloseTo(900, 9);
  });

  it('keeps positions it cannot price and the same date as they are', () => {
    const unmapped = { ...stock('ZZZ', 'ZZZ', 500), mappingTicker: null };
    expect(revaluePositions([unmapped], MARKET, 6, 5, D1)[0]!.valueTry).toBe(500);
    const p = stock('AAA', 'AAA', 700);
    expect(revaluePositions([p], MARKET, 5, 5, D0)[0]).toBe(p);
  });
});
