import { describe, expect, it } from 'vitest';
import { maturityBucketOf } from './portfolio-figures.ts';

describe('maturity bucket of a remaining life', () => {
  it('puts each bound in the lower bucket (up to 1, 3, 5, 10 years) and longer lives in 10Y+', () => {
    expect([0.1, 1, 1.0001, 3, 3.5, 5, 7, 10, 10.01, 30].map(maturityBucketOf)).toEqual([
      '0-1Y',
      '0-1Y',
      '1-3Y',
      '1-3Y',
      '3-5Y',
      '3-5Y',
      '5-10Y',
      '5-10Y',
      '10Y+',
      '10Y+',
    ]);
  });
});
