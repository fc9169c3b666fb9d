// RiskMetrics EWMA (J.P. Morgan/Reuters, RiskMetrics Technical Document, 1996, eq. 5.1):
// σ²_{t+1} = λσ²_t + (1 − λ)r²_t, seeded here with the sample variance; values worked by hand.
import { describe, expect, it } from 'vitest';
import { InsufficientHistoryError } from '../errors.ts';
import { ewmaCovariance } from './ewma.ts';

describe('ewmaCovariance', () => {
  it('runs the RiskMetrics recursion from the sample variance of the seed observations', () => {
    // Seed: sample variance of (1, 3) = 2. λ = 0.5: c = 0.5·2 + 0.5·1 = 1.5; 0.5·1.5 + 0.5·9 = 5.25;
    // then r = 2: 0.5·5.25 + 0.5·4 = 4.625.
    expect(ewmaCovariance([1, 3, 2], [1, 3, 2], 0.5, 2)).toBeCloseTo(4.625, 15);
  });

  it('gives the covariance of two series with zero-mean cross products', () => {
    // Seed covariance of (1, 3) and (2, 0): means 2 and 1, ((-1)(1) + (1)(-1)) / 1 = -2.
    // λ = 0.9: c = 0.9·(-2) + 0.1·(1·2) = -1.6; 0.9·(-1.6) + 0.1·(3·0) = -1.44.
    expect(ewmaCovariance([1, 3], [2, 0], 0.9, 2)).toBeCloseTo(-1.44, 15);
  });

  it('needs at least the seed observations', () => {
    expect(() => ewmaCovariance([1], [1], 0.94, 2)).toThrow(InsufficientHistoryError);
  });
});
