import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  daysToLiquidate,
  liquidityProfile,
  redemptionCoverage,
  sellableShare,
  type LiquidityPosition,
} from './liquidity.ts';
import { InvalidInputError } from '../errors.ts';

const book: LiquidityPosition[] = [
  { id: 'nakit', valueTry: 100, quantity: 100, averageDailyVolume: null },
  { id: 'hisse', valueTry: 300, quantity: 1_000, averageDailyVolume: 2_000 },
  { id: 'tahvil', valueTry: 600, quantity: 60_000, averageDailyVolume: 1_000 },
];

describe('liquidity profile', () => {
  it('computes days to liquidate as quantity / (participation × ADV)', () => {
    expect(daysToLiquidate(book[1]!, 0.25)).toBe(2);
    expect(daysToLiquidate(book[2]!, 0.25)).toBe(240);
    expect(daysToLiquidate({ ...book[2]!, participationRate: 1 }, 0.25)).toBe(60);
    expect(daysToLiquidate({ ...book[2]!, averageDailyVolume: 0 }, 0.25)).toBe(
      Number.POSITIVE_INFINITY,
    );
    expect(daysToLiquidate({ ...book[2]!, quantity: 0 }, 0.25)).toBe(0);
  });

  it('buckets values and gives the sellable share by waterfall and slicing', () => {
    const profile = liquidityProfile(book, { participationRate: 0.25 });
    expect(profile.positions.map((p) => p.bucket)).toEqual(['1', '2-7', '>90']);
    expect(profile.buckets.map((b) => b.share)).toEqual([0.1, 0.3, 0, 0, 0.6]);
    // 1 day: cash 100 + half the shares 150 + 1/240 of the bond 2.5 = 252.5 of 1000.
    expect(profile.sellable[0]).toEqual({ days: 1, waterfall: 0.2525, slicing: 1 / 240 });
    expect(profile.sellable[1]!.waterfall).toBeCloseTo((100 + 300 + (600 * 7) / 240) / 1000, 15);
    expect(profile.sellable[2]!.slicing).toBeCloseTo(30 / 240, 15);
  });

  it('never sells more by slicing than by waterfall, and more with a longer horizon', () => {
    const position = fc.record({
      valueTry: fc.double({ min: 0, max: 1e6, noNaN: true }),
      quantity: fc.double({ min: 0, max: 1e6, noNaN: true }),
      averageDailyVolume: fc.option(fc.double({ min: 0, max: 1e5, noNaN: true }), { nil: null }),
    });
    fc.assert(
      fc.property(
        fc.array(position, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 100 }),
        (items, days) => {
          const profile = liquidityProfile(
            items.map((x, i) => ({ id: `p${i}`, ...x })),
            { participationRate: 0.2, horizons: [days, days + 1] },
          );
          const [short, long] = profile.sellable;
          if (profile.totalValue > 0)
            expect(short!.slicing).toBeLessThanOrEqual(short!.waterfall + 1e-12);
          expect(long!.waterfall).toBeGreaterThanOrEqual(short!.waterfall - 1e-12);
        },
      ),
    );
  });

  it('keeps the waterfall share of a book of subnormal values (fast-check seed -657450596)', () => {
    // 5e-324 TL, DTL 2 days: half of it sells in one day. Unscaled, 5e-324 × 0.5 rounds to 0.
    const tiny = { id: 't', valueTry: 5e-324, quantity: 1e-323, averageDailyVolume: 1.5e-323 };
    const profile = liquidityProfile([tiny], { participationRate: 0.2, horizons: [1] });
    expect(profile.positions[0]!.daysToLiquidate).toBe(2);
    expect(profile.sellable[0]).toEqual({ days: 1, waterfall: 0.5, slicing: 0.5 });
  });

  it('returns zero sellable share for an empty book and rejects invalid inputs', () => {
    expect(sellableShare([], 7, 'waterfall')).toBe(0);
    expect(() => daysToLiquidate(book[1]!, 0)).toThrow(/participation/);
    expect(() => daysToLiquidate({ ...book[1]!, quantity: -1 }, 0.2)).toThrow(InvalidInputError);
    expect(() =>
      liquidityProfile([{ ...book[1]!, valueTry: -5 }], { participationRate: 0.2 }),
    ).toThrow(/value/);
  });
});

describe('redemption coverage', () => {
  const profile = liquidityProfile(book, { participationRate: 0.25 });
  it('passes when liquid assets within the horizon cover the outflow', () => {
    const result = redemptionCoverage(profile, 1_000, [
      { name: 'haftalık %10', redemptionShare: 0.1, horizonDays: 1 },
      { name: 'şok %50', redemptionShare: 0.5, horizonDays: 7 },
      { name: 'yok', redemptionShare: 0, horizonDays: 1 },
    ]);
    expect(result[0]).toEqual({
      name: 'haftalık %10',
      liquidValue: 252.5,
      redemptionValue: 100,
      coverageRatio: 2.525,
      passes: true,
    });
    expect(result[1]!.coverageRatio).toBeCloseTo((400 + 17.5) / 500, 12);
    expect(result[1]!.passes).toBe(false);
    expect(result[2]!.coverageRatio).toBe(Number.POSITIVE_INFINITY);
  });
  it('uses slicing and a custom minimum ratio on request, and rejects bad inputs', () => {
    const [sliced] = redemptionCoverage(
      profile,
      1_000,
      [{ name: 's', redemptionShare: 0.004, horizonDays: 1 }],
      { method: 'slicing', minimumRatio: 1.2 },
    );
    expect(sliced!.coverageRatio).toBeCloseTo(1000 / 240 / 4, 12);
    expect(sliced!.passes).toBe(false);
    expect(() => redemptionCoverage(profile, 0, [])).toThrow(/nav/);
    expect(() =>
      redemptionCoverage(profile, 1, [{ name: 'x', redemptionShare: -1, horizonDays: 1 }]),
    ).toThrow(/redemption/);
  });
});
