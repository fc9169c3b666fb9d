// Replay of an input bundle: hand-checked VaR of a one-stock bundle, the same bits as the
// worker's path (buildScenarioMatrix + matrixRisk), and the figure-by-figure comparison.
import { describe, expect, it } from 'vitest';
import { buildScenarioMatrix } from './build.ts';
import { matrixRisk, type RiskModel } from './matrix-risk.ts';
import {
  compareFigures,
  marketFromJson,
  portfolioFigures,
  replayVar,
  type ScenarioBundleJson,
} from './replay.ts';
import type { PositionInput } from './types.ts';

const MODEL: RiskModel = {
  method: 'historical',
  confidenceLevel: 0.8,
  horizonDays: 1,
  lambda: 0.94,
  draws: 1000,
  seed: 1,
  mean: 'include',
};

const STOCK: PositionInput = {
  instrumentCode: 'AKB',
  instrumentName: 'Akbank',
  mainType: 'stock',
  currency: 'TRY',
  nominalValue: 10,
  valueTry: 1000,
  maturityDate: null,
  ratePct: null,
  modifiedDuration: null,
  terms: null,
  mappingTicker: 'AKB',
  underlyingTicker: null,
  underlyingIsFuture: false,
};

// Prices 100, 110, 99, 99, 108.9, null (gap), 108.9: returns +10 %, -10 %, 0, +10 %, 0, 0.
const BUNDLE: ScenarioBundleJson = {
  holdings: [{ portfolioCode: 'F1', date: '2025-01-13', navTry: 2000, positions: [STOCK] }],
  markets: [
    {
      dates: [
        '2025-01-03',
        '2025-01-06',
        '2025-01-07',
        '2025-01-08',
        '2025-01-09',
        '2025-01-10',
        '2025-01-13',
      ],
      series: [
        {
          ticker: 'AKB',
          kind: 'price',
          currency: 'TRY',
          tenorDays: null,
          values: [100, 110, 99, 99, 108.9, null, 108.9],
        },
      ],
      fx: [{ currency: 'USD', values: [30, 30, 30, 30, 30, 30, 30] }],
    },
  ],
  evaluations: [
    {
      portfolioCode: 'F1',
      date: '2025-01-13',
      market: 0,
      window: { endIndex: 6, scenarios: 6, stepDays: 1 },
      model: MODEL,
      detail: true,
    },
  ],
};

describe('replay of an input bundle', () => {
  it('reads null market values as missing (NaN) and keeps FX', () => {
    const m = marketFromJson(BUNDLE.markets[0]!);
    expect(m.series.get('AKB')!.values[5]).toBeNaN();
    expect(m.fx.get('USD')![0]).toBe(30);
  });

  it('recomputes with the functions the worker uses (buildScenarioMatrix, matrixRisk)', () => {
    const r = replayVar(BUNDLE);
    const market = marketFromJson(BUNDLE.markets[0]!);
    const matrix = buildScenarioMatrix(
      [STOCK],
      market,
      BUNDLE.evaluations[0]!.window,
      '2025-01-13',
    );
    const risk = matrixRisk(matrix.pnl, 1, 6, MODEL, true, []);
    expect(r.series).toEqual([
      { portfolioCode: 'F1', date: '2025-01-13', navTry: 2000, ...portfolioFigures(risk, 2000) },
    ]);
    // P&L 100, -100, 0, 100, 0, 0 sorted -100, 0, 0, 0, 100, 100: type 7 at 20 %, h = 1 → q = 0.
    expect(r.series[0]!.varTry).toBeCloseTo(0, 9);
    expect(r.portfolios[0]!.positions[0]).toMatchObject({
      instrumentCode: 'AKB',
      weight: 0.5,
      marginalVar: risk.marginal[0]! / 1000,
    });
  });

  it('gives the hand-computed VaR 50 at the 90 % level', () => {
    const bundle = {
      ...BUNDLE,
      evaluations: [{ ...BUNDLE.evaluations[0]!, model: { ...MODEL, confidenceLevel: 0.9 } }],
    };
    // Sorted -100, 0, 0, 0, 100, 100: h = 5 × 0.1 = 0.5 → q = -100 + 0.5 × (0 - -100) = -50.
    expect(replayVar(bundle).series[0]!.varTry).toBeCloseTo(50, 6);
  });

  it('says nothing differs for the result it computed, and names a changed figure', () => {
    const stored = JSON.parse(JSON.stringify(replayVar(BUNDLE))) as unknown;
    expect(compareFigures(stored, replayVar(BUNDLE))).toEqual([]);
    const changed = structuredClone(BUNDLE) as unknown as {
      holdings: { positions: { valueTry: number }[]; navTry: number }[];
    };
    changed.holdings[0]!.navTry = 4000;
    const diffs = compareFigures(stored, replayVar(changed as unknown as ScenarioBundleJson));
    expect(diffs.map((d) => d.path)).toEqual([
      'series[0].navTry',
      'series[0].varPct',
      'series[0].esPct',
      'portfolios[0].positions[0].weight',
    ]);
    expect(diffs[0]).toEqual({ path: 'series[0].navTry', stored: 2000, recomputed: 4000 });
  });

  it('compares same bits, NaN with NaN, nulls, texts and list lengths', () => {
    expect(compareFigures({ a: Number.NaN }, { a: Number.NaN })).toEqual([]);
    expect(compareFigures({ a: 0.1 + 0.2 }, { a: 0.3 })).toEqual([
      { path: 'a', stored: 0.30000000000000004, recomputed: 0.3 },
    ]);
    expect(compareFigures({ a: [1, 2] }, { a: [1] })).toEqual([
      { path: 'a.length', stored: 2, recomputed: 1 },
    ]);
    expect(compareFigures(null, { a: [null, 'x'] })).toEqual([
      { path: 'a[0]', stored: undefined, recomputed: null },
      { path: 'a[1]', stored: undefined, recomputed: 'x' },
      { path: 'a.length', stored: 0, recomputed: 2 },
    ]);
    expect(compareFigures({ a: 1 }, { a: Number.NaN })).toHaveLength(1);
  });

  it('refuses an evaluation whose holdings or market the bundle lacks', () => {
    expect(() => replayVar({ ...BUNDLE, holdings: [] })).toThrow(/F1 2025-01-13/);
    const noMarket = { ...BUNDLE, evaluations: [{ ...BUNDLE.evaluations[0]!, market: 3 }] };
    expect(() => replayVar(noMarket)).toThrow(/piyasa verisi/);
  });

  it('leaves the decomposition out of evaluations without detail and handles a zero NAV', () => {
    const r = replayVar({
      ...BUNDLE,
      holdings: [{ ...BUNDLE.holdings[0]!, navTry: 0 }],
      evaluations: [{ ...BUNDLE.evaluations[0]!, detail: false }],
    });
    expect(r.portfolios).toEqual([]);
    expect(r.series[0]).toMatchObject({ varPct: 0, esPct: 0 });
  });
});
