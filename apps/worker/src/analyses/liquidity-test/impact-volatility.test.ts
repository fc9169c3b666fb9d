// Issue 23 item 9 (decisions 0003, 0057): the liquidity price impact's daily volatility is of
// simple returns, as every return of the project.
import { describe, expect, it } from 'vitest';
import { dailyVolatility } from './market-series.ts';

describe('daily volatility of the impact model', () => {
  it('is the sample standard deviation of simple returns', () => {
    // Prices 100 → 110 → 99 → 99: simple returns +10 %, −10 %, 0; mean 0;
    // variance (0,01 + 0,01 + 0) / 2 = 0,01, σ = 0,1 (log returns would give 0,10272).
    const s = { dates: ['a', 'b', 'c', 'd'], values: [100, 110, 99, 99] };
    expect(dailyVolatility(s, 3)).toBeCloseTo(0.1, 14);
    // Only the last n returns count; fewer than 2 returns: none.
    expect(dailyVolatility(s, 1)).toBeNull();
    expect(dailyVolatility(undefined, 3)).toBeNull();
  });
});
