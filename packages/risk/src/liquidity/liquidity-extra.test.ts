import { describe, expect, it } from 'vitest';
import {
  daysToLiquidate,
  liquidityProfile,
  squareRootImpact,
  worstNetOutflow,
  type LiquidityPosition,
} from './liquidity.ts';
import { InvalidInputError } from '../errors.ts';

describe('days to liquidate with type days, buckets at their edges', () => {
  // Hand calculation: DTL = Q / (p × ADV) with p = 0.2, ADV = 1 000 → 200 units a day.
  // 200 units → 1 day ('1'); 201 → 1.005 → 2 days ('2-7'); 1 400 → 7 ('2-7'); 1 401 → 8 ('8-30');
  // 6 000 → 30 ('8-30'); 18 000 → 90 ('31-90'); 18 001 → 91 ('>90'); fixed 0 days → '1'.
  const at = (id: string, quantity: number): LiquidityPosition => ({
    id,
    valueTry: 100,
    quantity,
    averageDailyVolume: 1_000,
  });
  const book: LiquidityPosition[] = [
    at('a', 200),
    at('b', 201),
    at('c', 1_400),
    at('d', 1_401),
    at('e', 6_000),
    at('f', 18_000),
    at('g', 18_001),
    { id: 'h', valueTry: 100, quantity: 5, averageDailyVolume: null, fixedDays: 0 },
    { id: 'i', valueTry: 100, quantity: 5, averageDailyVolume: 1, fixedDays: 20 },
  ];

  it('puts each position in its DTL bucket (1, 2-7, 8-30, 31-90, >90)', () => {
    const profile = liquidityProfile(book, { participationRate: 0.2 });
    expect(profile.positions.map((p) => p.bucket)).toEqual([
      '1',
      '2-7',
      '2-7',
      '8-30',
      '8-30',
      '31-90',
      '>90',
      '1',
      '8-30',
    ]);
    // Values: 200 in '1' (a, h), 200 in '2-7' (b, c), 300 in '8-30' (d, e, i), 100, 100 of 900.
    expect(profile.buckets.map((b) => b.valueTry)).toEqual([200, 200, 300, 100, 100]);
    expect(profile.buckets[2]!.share).toBeCloseTo(300 / 900, 12);
  });

  it('uses the type days as given and refuses negative ones', () => {
    expect(daysToLiquidate(book[8]!, 0.2)).toBe(20);
    expect(() => daysToLiquidate({ ...book[8]!, fixedDays: -1 }, 0.2)).toThrow(InvalidInputError);
  });

  it('sells pro-rata at the pace of the slowest line and waterfall line by line', () => {
    // Two lines of 100: DTL 1 and DTL 10. Within 2 days waterfall sells 100 + 100 × 2/10 = 120 of
    // 200 = 0.6; pro-rata sells min(1, 2/10) = 0.2 of everything.
    const profile = liquidityProfile(
      [
        { id: 'x', valueTry: 100, quantity: 1, averageDailyVolume: null, fixedDays: 1 },
        { id: 'y', valueTry: 100, quantity: 1, averageDailyVolume: null, fixedDays: 10 },
      ],
      { participationRate: 0.2, horizons: [2] },
    );
    expect(profile.sellable[0]!.waterfall).toBeCloseTo(0.6, 12);
    expect(profile.sellable[0]!.slicing).toBeCloseTo(0.2, 12);
  });
});

describe('square-root market impact', () => {
  it('is σ √(q/ADV) with q capped at the participation pace', () => {
    // Q = 5 000, ADV = 100 000, p = 0.2 → q = 5 000 → 0.02 × √0.05 = 0.004472136.
    expect(squareRootImpact(5_000, 100_000, 0.2, 0.02)).toBeCloseTo(0.02 * Math.sqrt(0.05), 12);
    // Q = 1 000 000 → q = 20 000 a day → 0.02 × √0.2 = 0.0089443.
    expect(squareRootImpact(1_000_000, 100_000, 0.2, 0.02)).toBeCloseTo(0.0089442719, 9);
    expect(() => squareRootImpact(1, 0, 0.2, 0.02)).toThrow(InvalidInputError);
    expect(() => squareRootImpact(1, 10, 0, 0.02)).toThrow(InvalidInputError);
  });
});

describe('worst net outflow from the stored history', () => {
  it('measures flows in units so that price moves are not redemptions', () => {
    // Units: 100, 100 (price +10 %), 90, 81, 85.5. Two-day windows: (100−90)/100 = 0.10,
    // (100−81)/100 = 0.19, (90−85.5)/90 = 0.05 → worst 0.19 from d2 to d4.
    const dates = ['d1', 'd2', 'd3', 'd4', 'd5'];
    const prices = [1, 1.1, 1.1, 1.0, 1.0];
    const units = [100, 100, 90, 81, 85.5];
    const navs = units.map((u, i) => u * prices[i]!);
    const worst = worstNetOutflow(dates, navs, prices, 2)!;
    expect(worst.share).toBeCloseTo(0.19, 12);
    expect([worst.from, worst.to]).toEqual(['d2', 'd4']);
    expect(worstNetOutflow(dates, navs, prices, 5)).toBeNull();
    expect(worstNetOutflow(['a', 'b'], [1, 2], [1, 1], 1)).toBeNull();
  });

  it('refuses bad inputs', () => {
    expect(() => worstNetOutflow(['a'], [1, 2], [1], 1)).toThrow(InvalidInputError);
    expect(() => worstNetOutflow(['a', 'b'], [1, 2], [1, 0], 1)).toThrow(InvalidInputError);
    expect(() => worstNetOutflow(['a', 'b'], [1, 2], [1, 1], 0)).toThrow(InvalidInputError);
  });
});
