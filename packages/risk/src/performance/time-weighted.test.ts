import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../errors.ts';
import { timeWeightedReturn } from './time-weighted.ts';

describe('time-weighted return', () => {
  it('chains sub-period returns around external flows', () => {
    // 100 → 110, then +50 in; 160 → 152: (1.10)(152/160) − 1 = 4.5 %.
    const result = timeWeightedReturn([
      { date: '2024-01-01', value: 100 },
      { date: '2024-01-15', value: 110, flow: 50 },
      { date: '2024-01-31', value: 152 },
    ]);
    expect(result.subPeriodReturns).toEqual([0.10000000000000009, -0.050000000000000044]);
    expect(result.twr).toBeCloseTo(0.045, 15);
  });
  it('rejects too few valuations, unordered dates and a non-positive start value', () => {
    expect(() => timeWeightedReturn([{ date: '2024-01-01', value: 1 }])).toThrow(InvalidInputError);
    expect(() =>
      timeWeightedReturn([
        { date: '2024-01-02', value: 1 },
        { date: '2024-01-01', value: 1 },
      ]),
    ).toThrow(/increase/);
    expect(() =>
      timeWeightedReturn([
        { date: '2024-01-01', value: 10, flow: -10 },
        { date: '2024-01-02', value: 1 },
      ]),
    ).toThrow(/non-positive/);
  });
});
