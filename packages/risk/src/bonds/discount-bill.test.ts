import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../errors.ts';
import { fixedBondFromYield } from './fixed-bond.ts';
import { simpleDiscountBillFromPrice, simpleDiscountBillFromYield } from './discount-bill.ts';

// 27.11.2026 → 03.08.2027: 249 days.
const S = '2026-11-27';
const M = '2027-08-03';

describe('discount bill yield basis (issue 23 item 9, decision 0057)', () => {
  it('prices 249 days at 35 % at 80,7254 on simple yield and 81,4868 compound', () => {
    const simple = simpleDiscountBillFromYield(S, M, 0.35);
    expect(simple.dirtyPrice).toBeCloseTo(100 / (1 + (0.35 * 249) / 365), 12);
    expect(simple.dirtyPrice).toBeCloseTo(80.7254, 4);
    const compound = fixedBondFromYield(
      {
        settlement: S,
        maturity: M,
        coupon: 0,
        frequency: 1,
        dayCount: 'act365f',
        convention: 'tr-treasury',
      },
      0.35,
    );
    expect(compound.dirtyPrice).toBeCloseTo(100 / 1.35 ** (249 / 365), 12);
    expect(compound.dirtyPrice).toBeCloseTo(81.4868, 4);
  });

  it('has the analytic simple-yield sensitivities', () => {
    const t = 249 / 365;
    const b = simpleDiscountBillFromYield(S, M, 0.35);
    const base = 1 + 0.35 * t;
    expect(b.macaulayDuration).toBeCloseTo(t, 14);
    expect(b.modifiedDuration).toBeCloseTo(t / base, 14);
    expect(b.convexity).toBeCloseTo((2 * t * t) / base ** 2, 14);
    expect(b.dv01).toBeCloseTo(((t / base) * b.dirtyPrice) / 1e4, 14);
    // The derivative by central differences agrees with the analytic duration.
    const h = 1e-6;
    const up = simpleDiscountBillFromYield(S, M, 0.35 + h).dirtyPrice;
    const down = simpleDiscountBillFromYield(S, M, 0.35 - h).dirtyPrice;
    expect((down - up) / (2 * h * b.dirtyPrice)).toBeCloseTo(b.modifiedDuration, 8);
    expect(b.cashflows).toEqual([{ date: M, amount: 100, time: t }]);
    expect(b.accruedInterest).toBe(0);
  });

  it('solves the simple yield from the price, and refuses bad input', () => {
    expect(simpleDiscountBillFromPrice(S, M, 80.7254).yield).toBeCloseTo(0.35, 5);
    expect(() => simpleDiscountBillFromPrice(S, M, 0)).toThrow(InvalidInputError);
    expect(() => simpleDiscountBillFromYield(M, S, 0.35)).toThrow(InvalidInputError);
    expect(() => simpleDiscountBillFromYield(S, M, -2)).toThrow(InvalidInputError);
  });
});
