import { describe, expect, it } from 'vitest';
import { logToSimpleReturns, returnsFromPrices, simpleToLogReturns } from './from-prices.ts';

describe('returns from prices', () => {
  it('skips missing prices and computes the return across the gap (Return.calculate on na.omit)', () => {
    const r = returnsFromPrices([100, null, 110, Number.NaN, 99, undefined]);
    expect(Array.from(r.returns)).toEqual([expect.closeTo(0.1, 15), expect.closeTo(-0.1, 15)]);
    expect(Array.from(r.endIndex)).toEqual([2, 4]);
    expect(returnsFromPrices([100, 110], 'log').returns[0]).toBeCloseTo(Math.log(1.1), 15);
    expect(() => returnsFromPrices([100, -1])).toThrow(
      'prices[1] must be a positive finite number, got -1',
    );
  });

  it('converts between simple and log returns', () => {
    expect(logToSimpleReturns(simpleToLogReturns([0.05, -0.2]))[1]).toBeCloseTo(-0.2, 15);
  });
});
