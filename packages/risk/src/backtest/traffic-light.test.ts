import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../errors.ts';
import { baselTrafficLight, baselZoneBounds, spkBacktestThresholds } from './traffic-light.ts';

describe('Basel 1996 traffic light (250 observations, 99 %)', () => {
  // BCBS (1996) Table 2: zone, plus factor and cumulative probability (in %, 2 decimals).
  const table: [number, string, number, number][] = [
    [0, 'green', 0, 8.11],
    [1, 'green', 0, 28.58],
    [2, 'green', 0, 54.32],
    [3, 'green', 0, 75.81],
    [4, 'green', 0, 89.22],
    [5, 'yellow', 0.4, 95.88],
    [6, 'yellow', 0.5, 98.63],
    [7, 'yellow', 0.65, 99.6],
    [8, 'yellow', 0.75, 99.89],
    [9, 'yellow', 0.85, 99.97],
    [10, 'red', 1, 99.99],
  ];
  it.each(table)('classifies %i exceptions as in the Basel table', (x, zone, plus, cum) => {
    const t = baselTrafficLight(x, 250, 0.99);
    expect(t.zone).toBe(zone);
    expect(t.plusFactor).toBe(plus);
    expect(t.cumulativeProbability * 100).toBeCloseTo(cum, 2);
  });

  it('generalises to other sample sizes by the binomial cut-offs without a plus factor', () => {
    expect(baselTrafficLight(8, 500, 0.99)).toMatchObject({ zone: 'green', plusFactor: null });
    expect(baselTrafficLight(9, 500, 0.99).zone).toBe('yellow');
    expect(baselTrafficLight(20, 250, 0.95).zone).toBe('yellow');
    expect(() => baselTrafficLight(3, 0)).toThrow(InvalidInputError);
    expect(() => baselTrafficLight(-1, 250)).toThrow(
      'exceptions must be an integer in [0, 250], got -1',
    );
  });

  it('applies the SPK thresholds: review above 3, report above 5 exceptions', () => {
    expect(spkBacktestThresholds(3)).toEqual({ reviewRequired: false, reportRequired: false });
    expect(spkBacktestThresholds(4)).toEqual({ reviewRequired: true, reportRequired: false });
    expect(spkBacktestThresholds(6)).toEqual({ reviewRequired: true, reportRequired: true });
  });
});

describe('Basel zone bounds (the exception counts the report text prints)', () => {
  it('gives green 0–4, yellow 5–9 at 250 observations and 99 % (Basel 1996 Table 1)', () => {
    expect(baselZoneBounds(250, 0.99)).toEqual({ greenMax: 4, yellowMax: 9 });
  });

  it('follows the observations and the confidence level', () => {
    // Hand-checked with the exact binomial sums (Python math.comb): Bin(500, 1 %) passes 95 % at
    // 9 and 99,99 % at 15; Bin(250, 5 %) at 18 and 27.
    expect(baselZoneBounds(500, 0.99)).toEqual({ greenMax: 8, yellowMax: 14 });
    expect(baselZoneBounds(250, 0.95)).toEqual({ greenMax: 17, yellowMax: 26 });
  });
});
