import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../errors.ts';
import { grossOfFeeReturns } from './gross-of-fees.ts';

describe('gross-of-fee add-back', () => {
  it('adds the accrued fee of each period’s calendar days', () => {
    // 3,65 % a year: 0,01 % a day; 1 day then 3 days (over a weekend).
    const g = grossOfFeeReturns(
      ['2024-01-04', '2024-01-05', '2024-01-08'],
      [0.001, -0.002],
      0.0365,
    );
    expect(g[0]).toBeCloseTo(0.0011, 15);
    expect(g[1]).toBeCloseTo(-0.0017, 15);
  });
  it('rejects a negative fee rate', () => {
    expect(() => grossOfFeeReturns(['2024-01-04', '2024-01-05'], [0], -0.01)).toThrow(
      InvalidInputError,
    );
  });
});
