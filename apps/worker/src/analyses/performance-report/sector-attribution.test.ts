import { describe, expect, it } from 'vitest';
import type { PositionPeriod } from './attribution.ts';
import { equityOf } from './sector-attribution.ts';

const line = (code: string, assetClass: PositionPeriod['assetClass'], weight: number) => ({
  code,
  name: code,
  assetClass,
  sector: null,
  weight,
  return: 0.01,
});

describe('equity part of a period for the sector attribution', () => {
  it('keeps the shares, their weights rescaled to sum to 1', () => {
    const eq = equityOf([
      line('A', 'equity', 0.2),
      line('B', 'debt', 0.5),
      line('C', 'equity', 0.3),
    ]);
    expect(eq.map((p) => p.code)).toEqual(['A', 'C']);
    expect(eq[0]!.weight).toBeCloseTo(0.4, 15);
    expect(eq[1]!.weight).toBeCloseTo(0.6, 15);
    expect(eq[0]!.return).toBe(0.01);
  });

  it('is empty without shares', () => {
    expect(equityOf([line('B', 'debt', 1)])).toEqual([]);
  });
});
