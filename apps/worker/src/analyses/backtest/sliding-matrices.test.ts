// The backtest's sliding matrices (decision 0074) against buildScenarioMatrix day by day, as the
// backtest built them before: same positions in the same order, same P&L to the bit, same
// unmapped rows, for linear TRY and foreign-currency series, cash, a share whose history starts
// inside the backtest's span, a fund priced by its category, rate instruments, bonds, zero values
// and unmapped holdings. The backtest's compute task (decision 0077) against the same
// day-by-day matrices and backtestDays, in this process and through a real pool thread.
import { describe, expect, it } from 'vitest';
import {
  backtestDays,
  buildScenarioMatrix,
  scenarioTotals,
  type MarketData,
  type PositionInput,
  type RiskModel,
  type ScenarioWindow,
  type UnmappedPosition,
} from '@fonrisk/risk';
import { createComputePool } from '../../pool/compute-pool.ts';
import { BACKTEST_TASKS, snapshotDaysRisk, type SnapshotDays } from './backtest-tasks.ts';
import { testPosition } from '../testing/position.ts';
import { forEachSlidingDay, type SlidingDay } from './sliding-matrices.ts';

const N = 120;
const dates = Array.from({ length: N }, (_, k) =>
  new Date(Date.UTC(2025, 0, 1) + k * 86_400_000).toISOString().slice(0, 10),
);

/** A seeded walk with gaps (NaN) on some days. */
function walk(seed: number, start: number, from = 0): Float64Array {
  let s = seed;
  let level = start;
  return Float64Array.from(dates, (_, k) => {
    s = (s * 16807) % 2147483647;
    level *= 1 + (s / 2147483647 - 0.5) / 30;
    return k < from || k % 11 === seed % 11 ? Number.NaN : level;
  });
}

const market: MarketData = {
  dates,
  series: new Map(
    [
      { ticker: 'HISSE', kind: 'price', currency: 'TRY', values: walk(7, 40) },
      { ticker: 'YENI', kind: 'price', currency: 'TRY', values: walk(11, 12, 75) },
      { ticker: 'EUROBOND', kind: 'price', currency: 'USD', values: walk(13, 98) },
      { ticker: 'BIST', kind: 'index', currency: 'TRY', values: walk(17, 9000) },
      { ticker: 'TLREF', kind: 'index', currency: 'TRY', values: walk(19, 100) },
      { ticker: 'C1Y', kind: 'curvePoint', currency: 'TRY', values: walk(23, 40), tenorDays: 365 },
      { ticker: 'C2Y', kind: 'curvePoint', currency: 'TRY', values: walk(29, 38), tenorDays: 730 },
      { ticker: 'TAHVIL', kind: 'price', currency: 'TRY', values: walk(37, 97) },
      { ticker: 'YENITAHVIL', kind: 'price', currency: 'TRY', values: walk(41, 95, 75) },
    ].map((s) => [s.ticker, { tenorDays: null, ...s }]),
  ),
  fx: new Map([['USD', walk(31, 34)]]),
};

const positions: PositionInput[] = [
  testPosition({ instrumentCode: 'HISSE', mappingTicker: 'HISSE', valueTry: 12_345.67 }),
  testPosition({
    instrumentCode: 'MEVDUAT',
    mainType: 'deposit',
    mappingTicker: 'TLREF',
    ratePct: 45,
    maturityDate: '2025-06-01',
    valueTry: 50_000,
  }),
  testPosition({
    instrumentCode: 'USDNAKIT',
    mainType: 'margin',
    currency: 'USD',
    valueTry: 3_400,
  }),
  testPosition({ instrumentCode: 'TLNAKIT', mainType: 'margin', valueTry: 777 }),
  testPosition({ instrumentCode: 'YENI', mappingTicker: 'YENI', valueTry: -2_000 }),
  testPosition({
    instrumentCode: 'EUROBOND',
    mainType: 'fundShare',
    currency: 'USD',
    mappingTicker: 'EUROBOND',
    valueTry: 8_000,
  }),
  testPosition({ instrumentCode: 'SIFIR', mappingTicker: 'HISSE', valueTry: 0 }),
  testPosition({ instrumentCode: 'ESLENMEMIS', valueTry: 500 }),
  testPosition({
    instrumentCode: 'KATFON',
    mainType: 'fundShare',
    valueTry: 4_000,
    terms: { kind: 'fund', fundCategory: 'equity', exposureCurrency: null },
  }),
  testPosition({
    instrumentCode: 'DIBS',
    mainType: 'governmentBond',
    valueTry: 20_000,
    nominalValue: 20_000,
    mappingTicker: 'C2Y',
    maturityDate: '2026-09-15',
    ratePct: 39,
    terms: {
      kind: 'bond',
      couponType: 'fixed',
      couponRatePct: 30,
      couponFrequency: 2,
      dayCount: 'ACT/ACT',
      issueDate: '2024-09-15',
      maturityDate: '2026-09-15',
    },
  }),
  // Priced by its own price returns (decision 0079): slides.
  testPosition({
    instrumentCode: 'TAHVIL',
    mainType: 'corporateBond',
    valueTry: 15_000,
    nominalValue: 15_000,
    mappingTicker: 'TAHVIL',
    terms: {
      kind: 'bond',
      couponType: 'floating',
      couponRatePct: 45,
      couponFrequency: 4,
      dayCount: 'ACT/365',
      issueDate: '2024-06-01',
      maturityDate: '2027-06-01',
    },
  }),
  // Its price history starts on day 75: repriced on the curve (valuation day's maturity) before,
  // by its own returns after; it must not take the long window's column.
  testPosition({
    instrumentCode: 'YENITAHVIL',
    mainType: 'governmentBond',
    valueTry: 9_000,
    nominalValue: 10_000,
    mappingTicker: 'YENITAHVIL',
    maturityDate: '2026-03-01',
    ratePct: 40,
    terms: {
      kind: 'bond',
      couponType: 'fixed',
      couponRatePct: 35,
      couponFrequency: 2,
      dayCount: 'ACT/365',
      issueDate: '2024-03-01',
      maturityDate: '2026-03-01',
    },
  }),
];

function dayWindows(firstEnd: number, lastEnd: number, scenarios: number) {
  const days: { window: ScenarioWindow; asOfDate: string }[] = [];
  for (let i = firstEnd; i <= lastEnd; i++)
    days.push({
      window: { endIndex: i, scenarios, stepDays: 1, valuationIndex: i - 1 },
      asOfDate: dates[i - 1]!,
    });
  return days;
}

/** Each visited day with its columns put together into the day's matrix (row i = column i). */
function slidingMatrices(
  held: readonly PositionInput[],
  data: MarketData,
  days: readonly SlidingDay[],
) {
  const got: {
    instrumentCodes: string[];
    pnl: Float64Array;
    unmapped: UnmappedPosition[];
    total: Float64Array;
  }[] = [];
  forEachSlidingDay(held, data, days, (day) => {
    const { instrumentCodes, columns } = day.columns();
    expect(columns).toHaveLength(day.positions);
    const pnl = new Float64Array(columns.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const c of columns) {
      pnl.set(c, at);
      at += c.length;
    }
    got.push({
      instrumentCodes: [...instrumentCodes],
      pnl,
      unmapped: [...day.unmapped],
      total: day.total.slice(),
    });
  });
  return got;
}

const bits = (a: Float64Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('hex');

/** The largest difference of two arrays of one length, relative to the largest magnitude. */
function relativeGap(got: Float64Array, want: Float64Array): number {
  expect(got.length).toBe(want.length);
  let gap = 0;
  let scale = 0;
  want.forEach((w, k) => {
    gap = Math.max(gap, Math.abs(got[k]! - w));
    scale = Math.max(scale, Math.abs(w));
  });
  return scale === 0 ? gap : gap / scale;
}

describe('forEachSlidingDay', () => {
  it('gives each day what buildScenarioMatrix gives it, to the bit and in order', () => {
    const days = dayWindows(70, N - 1, 41);
    const got = slidingMatrices(positions, market, days);
    expect(got).toHaveLength(days.length);
    let slidingUsed = 0;
    for (const [k, day] of days.entries()) {
      const want = buildScenarioMatrix(positions, market, day.window, day.asOfDate);
      expect(got[k]!.instrumentCodes).toEqual(want.positions.map((p) => p.instrumentCode));
      expect(bits(got[k]!.pnl)).toBe(bits(want.pnl));
      expect(got[k]!.unmapped).toEqual(want.unmapped);
      // The day's total: the shared columns' sum, then the day's own, in another order of
      // addition than the positions' (decision 0114).
      const width = day.window.scenarios;
      const sum = scenarioTotals(want.pnl, want.positions.length, width);
      expect(relativeGap(got[k]!.total, sum)).toBeLessThan(1e-13);
      slidingUsed += want.positions.length;
    }
    // The cases are real: linear, cash, rate and bond positions priced, some left unmapped,
    // and YENI (history from day 75) unmapped on the first days and priced on the last.
    const firstDay = got[0]!;
    const lastDay = got[got.length - 1]!;
    expect(firstDay.unmapped.map((u) => u.instrumentCode)).toContain('YENI');
    expect(lastDay.instrumentCodes).toContain('YENI');
    const lastWindow = days[days.length - 1]!;
    const lastMatrix = buildScenarioMatrix(
      positions,
      market,
      lastWindow.window,
      lastWindow.asOfDate,
    );
    expect(lastMatrix.positions.map((p) => p.method)).toEqual(
      expect.arrayContaining(['linear', 'cash', 'rateSensitivity', 'bondRepricing']),
    );
    expect(lastDay.unmapped.map((u) => u.instrumentCode)).toContain('ESLENMEMIS');
    // Both price-mapped bonds priced on every day (YENITAHVIL on the curve on the first days).
    for (const day of [firstDay, lastDay])
      expect(day.instrumentCodes).toEqual(expect.arrayContaining(['TAHVIL', 'YENITAHVIL']));
    expect(slidingUsed).toBeGreaterThan(days.length * 5);
  });

  it('prices day by day when a code is held on two lines', () => {
    const twice = [
      ...positions,
      testPosition({ instrumentCode: 'HISSE', mappingTicker: 'HISSE', valueTry: 5 }),
    ];
    const days = dayWindows(100, 104, 30);
    const got = slidingMatrices(twice, market, days);
    for (const [k, day] of days.entries()) {
      const want = buildScenarioMatrix(twice, market, day.window, day.asOfDate);
      expect(bits(got[k]!.pnl)).toBe(bits(want.pnl));
      // Summed in the positions' order here.
      const sum = scenarioTotals(want.pnl, want.positions.length, day.window.scenarios);
      expect(bits(got[k]!.total)).toBe(bits(sum));
    }
  });

  it('builds nothing for no days and refuses windows of different lengths', () => {
    expect(slidingMatrices(positions, market, [])).toEqual([]);
    const days = [...dayWindows(90, 91, 30), ...dayWindows(92, 92, 31)];
    expect(() => slidingMatrices(positions, market, days)).toThrow(/one length/);
  });
});

describe('snapshotDaysRisk (the backtest task)', () => {
  const model: RiskModel = {
    method: 'historical',
    confidenceLevel: 0.99,
    horizonDays: 1,
    lambda: 0.94,
    draws: 0,
    seed: 1,
    mean: 'exclude',
  };
  const scenarios = 40;
  // Two snapshots: the second sells the share, doubles the deposit and buys the new share.
  const second = positions
    .filter((p) => p.instrumentCode !== 'HISSE')
    .map((p) => (p.instrumentCode === 'MEVDUAT' ? { ...p, valueTry: 100_000 } : p));
  const days = dayWindows(70, N - 1, scenarios + 1);
  const snapshotOf = (k: number) => (k < 25 ? positions : second);

  /** Each day's matrix built alone, then backtestDays over all of them: the old way. */
  function dayByDay(riskModel: RiskModel = model) {
    const built = days.map((day, k) =>
      buildScenarioMatrix(snapshotOf(k), market, day.window, day.asOfDate),
    );
    const r = backtestDays(
      built.map((m) => m.pnl),
      built.map((m) => m.positions.length),
      scenarios,
      riskModel,
    );
    return { ...r, unmapped: built.map((m) => m.unmapped) };
  }

  /** The days cut at `cuts` into pieces, each piece grouped by snapshot. */
  function pieces(cuts: readonly number[]): SnapshotDays[][] {
    const bounds = [0, ...cuts, days.length];
    return bounds.slice(1).map((end, i) => {
      const groups: SnapshotDays[] = [];
      for (let k = bounds[i]!; k < end;) {
        const snap = snapshotOf(k);
        const group = [];
        for (; k < end && snapshotOf(k) === snap; k++) group.push(days[k]!);
        groups.push({ positions: snap, days: group });
      }
      return groups;
    });
  }

  const concat = (parts: readonly Float64Array[]) => {
    const all = new Float64Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      all.set(p, at);
      at += p.length;
    }
    return all;
  };

  it('gives every day the VaR, realised P&L and unmapped rows of the day-by-day matrices, within the rounding of its total, however the days are cut', () => {
    const want = dayByDay();
    expect(want.var.every((v) => Number.isFinite(v) && v > 0)).toBe(true);
    // Where the days are cut decides which positions slide (a history that covers a piece's
    // window but not a longer one's), so the order of a day's additions: the backtest cuts at
    // a fixed number of days (CHUNK), and its figures are the same on every machine.
    for (const cuts of [[], [10], [25], [7, 25, 31, 49]]) {
      const got = pieces(cuts).map((groups) => snapshotDaysRisk(groups, market, scenarios, model));
      expect(relativeGap(concat(got.map((r) => r.var)), want.var)).toBeLessThan(1e-12);
      expect(relativeGap(concat(got.map((r) => r.realised)), want.realised)).toBeLessThan(1e-12);
      expect(got.flatMap((r) => r.unmapped)).toEqual(want.unmapped);
    }
  });

  it("gives Monte Carlo's VaR of the day's columns to the bit, the sliding ones as views (decision 0114)", () => {
    const montecarlo: RiskModel = { ...model, method: 'montecarlo', draws: 300, seed: 5 };
    const want = dayByDay(montecarlo);
    for (const cuts of [[], [25]]) {
      const got = pieces(cuts).map((groups) =>
        snapshotDaysRisk(groups, market, scenarios, montecarlo),
      );
      expect(bits(concat(got.map((r) => r.var)))).toBe(bits(want.var));
      expect(relativeGap(concat(got.map((r) => r.realised)), want.realised)).toBeLessThan(1e-12);
    }
  });

  it('gives the same bits through a pool thread (positions and market cross by structured clone)', async () => {
    const pool = createComputePool(1);
    try {
      const [groups] = pieces([]);
      const here = snapshotDaysRisk(groups!, market, scenarios, model);
      const there = await pool.run(BACKTEST_TASKS.snapshotDaysRisk, [
        groups!,
        market,
        scenarios,
        model,
      ]);
      expect(bits(there.var)).toBe(bits(here.var));
      expect(bits(there.realised)).toBe(bits(here.realised));
      expect(there.unmapped).toEqual(here.unmapped);
    } finally {
      await pool.close();
    }
  });
});
