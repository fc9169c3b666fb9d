// The backtest's sliding matrices (decision 0074) against buildScenarioMatrix day by day, as the
// backtest built them before: same positions in the same order, same P&L to the bit, same
// unmapped rows, for linear TRY and foreign-currency series, cash, a share whose history starts
// inside the backtest's span, a fund priced by its category, rate instruments, bonds, zero values
// and unmapped holdings.
import { describe, expect, it } from 'vitest';
import {
  buildScenarioMatrix,
  type MarketData,
  type PositionInput,
  type ScenarioWindow,
} from '@fonrisk/risk';
import { slidingMatrices } from './sliding-matrices.ts';

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
      { ticker: 'C1Y', kind: 'curvePoint', currency: 'TRY', values: walk(23, 40) },
      { ticker: 'C2Y', kind: 'curvePoint', currency: 'TRY', values: walk(29, 38) },
    ].map((s) => [s.ticker, { ...s, tenorDays: null }]),
  ),
  fx: new Map([['USD', walk(31, 34)]]),
};

/** The fields a test position leaves empty. */
const EMPTY = Object.fromEntries(
  ['nominalValue', 'maturityDate', 'ratePct', 'modifiedDuration', 'terms', 'mappingTicker'].map(
    (key) => [key, null],
  ),
);

function position(over: Partial<PositionInput> & { instrumentCode: string }): PositionInput {
  const base = { ...EMPTY, mainType: 'stock', currency: 'TRY', valueTry: 1000 };
  const extra = { underlyingTicker: null, underlyingIsFuture: false };
  return { ...base, ...extra, instrumentName: over.instrumentCode, ...over } as PositionInput;
}

const positions: PositionInput[] = [
  position({ instrumentCode: 'HISSE', mappingTicker: 'HISSE', valueTry: 12_345.67 }),
  position({
    instrumentCode: 'MEVDUAT',
    mainType: 'deposit',
    mappingTicker: 'TLREF',
    ratePct: 45,
    maturityDate: '2025-06-01',
    valueTry: 50_000,
  }),
  position({ instrumentCode: 'USDNAKIT', mainType: 'margin', currency: 'USD', valueTry: 3_400 }),
  position({ instrumentCode: 'TLNAKIT', mainType: 'margin', valueTry: 777 }),
  position({ instrumentCode: 'YENI', mappingTicker: 'YENI', valueTry: -2_000 }),
  position({
    instrumentCode: 'EUROBOND',
    mainType: 'fundShare',
    currency: 'USD',
    mappingTicker: 'EUROBOND',
    valueTry: 8_000,
  }),
  position({ instrumentCode: 'SIFIR', mappingTicker: 'HISSE', valueTry: 0 }),
  position({ instrumentCode: 'ESLENMEMIS', valueTry: 500 }),
  position({
    instrumentCode: 'KATFON',
    mainType: 'fundShare',
    valueTry: 4_000,
    terms: { kind: 'fund', fundCategory: 'equity', exposureCurrency: null },
  }),
  position({
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

const bits = (a: Float64Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('hex');

describe('slidingMatrices', () => {
  it('gives each day what buildScenarioMatrix gives it, to the bit and in order', () => {
    const days = dayWindows(70, N - 1, 41);
    const got = slidingMatrices(positions, market, days);
    expect(got).toHaveLength(days.length);
    let slidingUsed = 0;
    for (const [k, day] of days.entries()) {
      const want = buildScenarioMatrix(positions, market, day.window, day.asOfDate);
      expect(got[k]!.positions.map((p) => p.instrumentCode)).toEqual(
        want.positions.map((p) => p.instrumentCode),
      );
      expect(got[k]!.positions).toEqual(want.positions);
      expect(bits(got[k]!.pnl)).toBe(bits(want.pnl));
      expect(got[k]!.unmapped).toEqual(want.unmapped);
      slidingUsed += want.positions.length;
    }
    // The cases are real: linear, cash, rate and bond positions priced, some left unmapped,
    // and YENI (history from day 75) unmapped on the first days and priced on the last.
    const firstDay = got[0]!;
    const lastDay = got[got.length - 1]!;
    expect(firstDay.unmapped.map((u) => u.instrumentCode)).toContain('YENI');
    expect(lastDay.positions.map((p) => p.instrumentCode)).toContain('YENI');
    expect(lastDay.positions.map((p) => p.method)).toEqual(
      expect.arrayContaining(['linear', 'cash', 'rateSensitivity', 'bondRepricing']),
    );
    expect(lastDay.unmapped.map((u) => u.instrumentCode)).toContain('ESLENMEMIS');
    expect(slidingUsed).toBeGreaterThan(days.length * 5);
  });

  it('prices day by day when a code is held on two lines', () => {
    const twice = [
      ...positions,
      position({ instrumentCode: 'HISSE', mappingTicker: 'HISSE', valueTry: 5 }),
    ];
    const days = dayWindows(100, 104, 30);
    const got = slidingMatrices(twice, market, days);
    for (const [k, day] of days.entries())
      expect(bits(got[k]!.pnl)).toBe(
        bits(buildScenarioMatrix(twice, market, day.window, day.asOfDate).pnl),
      );
  });

  it('builds nothing for no days and refuses windows of different lengths', () => {
    expect(slidingMatrices(positions, market, [])).toEqual([]);
    const days = [...dayWindows(90, 91, 30), ...dayWindows(92, 92, 31)];
    expect(() => slidingMatrices(positions, market, days)).toThrow(/one length/);
  });
});
