// The risk of a scenario P&L matrix: expectations from hand-sorted P&L columns (historical VaR
// is the R type-7 loss quantile of the scenarios as they are, decision 0015) and from the
// library's own portfolioVar on the same columns.
import { describe, expect, it } from 'vitest';
import { portfolioVar } from '../var/portfolio-var.ts';
import {
  backtestDayRisk,
  backtestDays,
  histogram,
  libraryMethod,
  matrixRisk,
  matrixWhatIf,
  modelOptions,
  type RiskModel,
  scenarioTotals,
  varOfTotal,
} from './matrix-risk.ts';

const MODEL: RiskModel = {
  method: 'historical',
  confidenceLevel: 0.8,
  horizonDays: 1,
  lambda: 0.94,
  draws: 1000,
  seed: 7,
  mean: 'include',
};

// Two positions × five scenarios (row i = position i).
const A = [-10, 5, 2, -4, 7];
const B = [3, -6, 1, 2, -2];
const PNL = Float64Array.from([...A, ...B]);
// Totals: -7, -1, 3, -2, 5; sorted -7, -2, -1, 3, 5. Type 7 at p = 0.2: h = 4 × 0.2 = 0.8,
// q = -7 + 0.8 × (-2 - -7) = -3 → VaR 3.
const TOTAL_VAR = 3;

/** `length` seeded uniform values in [-0.5, 0.5) (Park–Miller). */
function seededUniform(seed: number, length: number): Float64Array {
  let s = seed;
  return Float64Array.from({ length }, () => {
    s = (s * 16807) % 2147483647;
    return s / 2147483647 - 0.5;
  });
}

/** A backtest day of these columns and this total; counts how often its columns are asked for. */
function dayOf(columns: Float64Array[], total: Float64Array) {
  const day = {
    positions: columns.length,
    asked: 0,
    columns: () => {
      day.asked++;
      return { columns };
    },
    total,
  };
  return day;
}

describe('matrix risk', () => {
  it('sums positions per scenario', () => {
    expect([...scenarioTotals(PNL, 2, 5)]).toEqual([-7, -1, 3, -2, 5]);
  });

  it('gives the historical VaR of the summed scenarios and components that add up to it', () => {
    const r = matrixRisk(PNL, 2, 5, MODEL, true, [[0], [1], []]);
    expect(r.var).toBeCloseTo(TOTAL_VAR, 12);
    expect(r.component[0]! + r.component[1]!).toBeCloseTo(r.var, 9);
    // Stand-alone: A sorted -10, -4, 2, 5, 7 → q = -10 + 0.8 × 6 = -5.2; B sorted -6, -2, 1, 2, 3 → -2.8.
    expect(r.groupVar[0]).toBeCloseTo(5.2, 12);
    expect(r.groupVar[1]).toBeCloseTo(2.8, 12);
    expect(r.groupVar[2]).toBe(0);
    expect(r.incremental).toHaveLength(2);
    // Incremental VaR of A: VaR of all minus VaR without A (= B alone, 2.8).
    expect(r.incremental[0]).toBeCloseTo(TOTAL_VAR - 2.8, 9);
  });

  it('is zero for an empty matrix', () => {
    expect(matrixRisk(new Float64Array(0), 0, 5, MODEL, false, [[]])).toEqual({
      var: 0,
      es: 0,
      marginal: [],
      component: [],
      incremental: [],
      groupVar: [0],
    });
  });

  it('maps the parameter vocabulary to the library methods', () => {
    expect(libraryMethod(MODEL)).toEqual({ method: 'historical' });
    expect(libraryMethod({ ...MODEL, method: 'parametric' })).toEqual({ method: 'gaussian' });
    expect(libraryMethod({ ...MODEL, method: 'ewma' })).toEqual({ method: 'ewma', lambda: 0.94 });
    expect(libraryMethod({ ...MODEL, method: 'montecarlo' })).toEqual({
      method: 'montecarlo',
      draws: 1000,
      seed: 7,
    });
    expect(libraryMethod({ ...MODEL, method: 'cornishFisher' })).toEqual({ method: 'modified' });
  });

  it('prices a what-if trade with the same model: doubling A', () => {
    const r = matrixWhatIf(PNL, 2, 5, MODEL, Float64Array.from([1, 1]), Float64Array.from([1, 0]));
    expect(r.before.var).toBeCloseTo(TOTAL_VAR, 12);
    // 2A + B: -17, 4, 5, -6, 12; sorted -17, -6, 4, 5, 12 → q = -17 + 0.8 × 11 = -8.2.
    expect(r.after.var).toBeCloseTo(8.2, 9);
  });

  it('splits backtest matrices into the VaR window and the realised move', () => {
    // One position, scenarios 5 + the realised column 9.
    const m = Float64Array.from([...A, 9]);
    const r = backtestDays([m], [1], 5, MODEL);
    expect(r.var[0]).toBeCloseTo(5.2, 12);
    expect(r.realised[0]).toBe(9);
  });

  it('computes day after day from columns anywhere: fewer, more, none, fewer positions', () => {
    // Columns of 5 scenarios + the realised move, as views of different arrays; for Monte Carlo
    // the kept storage is outgrown on the second day (three positions after one) and reused after.
    const a = Float64Array.from([...A, 9]);
    const b = Float64Array.from([0, ...B, -1]).subarray(1);
    const c = Float64Array.from([1, 1, 1, 1, 1, 0.5]);
    const columnsOf = (cols: Float64Array[]) =>
      Float64Array.from(cols.flatMap((col) => [...col.subarray(0, 5)]));
    const montecarlo: RiskModel = { ...MODEL, method: 'montecarlo', draws: 200 };
    for (const model of [MODEL, montecarlo]) {
      const day = backtestDayRisk(5, model);
      for (const cols of [[a], [a, b, c], [], [b, a]]) {
        const total = scenarioTotals(columnsOf(cols), cols.length, 5);
        const realised = cols.reduce((sum, col) => sum + col[5]!, 0);
        const pnl = dayOf(cols, Float64Array.from([...total, realised]));
        const r = day(pnl);
        const direct = matrixRisk(columnsOf(cols), cols.length, 5, model, false, []).var;
        // Monte Carlo reads the columns (the same draws as matrixRisk's); the others the total.
        if (model.method === 'montecarlo') expect(r.var).toBe(direct);
        else expect(r.var).toBeCloseTo(direct, 12);
        // ...and only Monte Carlo asks for them (a day without positions: neither).
        expect(pnl.asked).toBe(model.method === 'montecarlo' && cols.length > 0 ? 1 : 0);
        expect(r.realised).toBe(realised);
      }
    }
    const day = backtestDayRisk(5, MODEL);
    const ab = scenarioTotals(columnsOf([a, b]), 2, 5);
    expect(day(dayOf([a, b], Float64Array.from([...ab, 8]))).var).toBeCloseTo(TOTAL_VAR, 12);
    expect(day(dayOf([a], a)).var).toBeCloseTo(5.2, 12);
  });

  it("takes the VaR of the total for every model but Monte Carlo, within rounding of the columns' VaR", () => {
    // 40 positions × 250 seeded scenarios: the VaR of their sum is the VaR of the positions.
    const positions = 40;
    const scenarios = 250;
    const width = scenarios + 1;
    const matrix = seededUniform(11, positions * width);
    const columns = Array.from({ length: positions }, (_, i) =>
      matrix.subarray(i * width, (i + 1) * width),
    );
    const window = Float64Array.from(columns.flatMap((col) => [...col.subarray(0, scenarios)]));
    for (const method of ['historical', 'parametric', 'ewma', 'cornishFisher'] as const) {
      const model: RiskModel = { ...MODEL, method, confidenceLevel: 0.99, mean: 'exclude' };
      expect(varOfTotal(model)).toBe(true);
      const want = matrixRisk(window, positions, scenarios, model, false, []).var;
      const got = backtestDays([matrix], [positions], scenarios, model).var[0]!;
      expect(Math.abs(got - want) / want).toBeLessThan(1e-12);
    }
    expect(varOfTotal({ ...MODEL, method: 'montecarlo' })).toBe(false);
  });

  it("gives a group's stand-alone VaR of its total for every model but Monte Carlo, within rounding of its columns' VaR (decision 0116)", () => {
    // 30 positions × 200 seeded scenarios; groups of one, several and every position.
    const positions = 30;
    const scenarios = 200;
    const matrix = seededUniform(23, positions * scenarios);
    const groups = [[4], [0, 7, 9, 21], Array.from({ length: positions }, (_, i) => i), []];
    const columnsVar = (model: RiskModel, g: readonly number[]) =>
      portfolioVar(
        g.map((i) => matrix.subarray(i * scenarios, (i + 1) * scenarios)),
        new Float64Array(g.length).fill(1),
        modelOptions(model, false),
      ).var;
    for (const method of [
      'historical',
      'parametric',
      'ewma',
      'cornishFisher',
      'montecarlo',
    ] as const) {
      const model: RiskModel = { ...MODEL, method, confidenceLevel: 0.99, draws: 500 };
      const r = matrixRisk(matrix, positions, scenarios, model, false, groups);
      groups.forEach((g, k) => {
        const got = r.groupVar[k]!;
        if (g.length === 0) expect(got).toBe(0);
        else if (method === 'montecarlo') expect(got).toBe(columnsVar(model, g));
        else {
          const want = columnsVar(model, g);
          expect(Math.abs(got - want) / want, `${method}, group ${String(k)}`).toBeLessThan(1e-12);
        }
      });
      // The group of every position is the portfolio.
      expect(Math.abs(r.groupVar[2]! - r.var) / r.var).toBeLessThan(1e-12);
    }
  });

  it('bins values in equal widths', () => {
    expect(histogram(Float64Array.from([0, 1, 2, 3]), 2)).toEqual([
      { from: 0, to: 1.5, count: 2 },
      { from: 1.5, to: 3, count: 2 },
    ]);
    expect(histogram(Float64Array.from([4, 4]), 3)).toEqual([{ from: 4, to: 4, count: 2 }]);
    expect(histogram(new Float64Array(0), 3)).toEqual([]);
  });
});
