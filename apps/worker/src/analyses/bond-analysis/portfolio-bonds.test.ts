import { describe, expect, it } from 'vitest';
import { portfolioRunMemo } from './portfolio-bonds.ts';

describe('reads shared by the portfolios of a bond analysis run', () => {
  it('loads each key once and gives every caller the same value', async () => {
    const run = portfolioRunMemo();
    let loads = 0;
    const load = () => {
      loads += 1;
      return Promise.resolve({ kind: 'yield', yieldPct: 30 });
    };
    const [first, second] = await Promise.all([
      run.cached('q|TAHVIL|2025-01-15', load),
      run.cached('q|TAHVIL|2025-01-15', load),
    ]);
    expect(loads).toBe(1);
    expect(second).toBe(first);
    await run.cached('q|TAHVIL|2025-01-16', load);
    expect(loads).toBe(2);
    expect(run.curves.size).toBe(0);
    expect(run.pricings.size).toBe(0);
  });
});
