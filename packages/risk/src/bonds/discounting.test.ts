import { describe, expect, it } from 'vitest';
import {
  positivePresentValue,
  presentValueAtYield,
  solveYield,
  yieldSensitivities,
} from './discounting.ts';
import { InvalidInputError } from '../errors.ts';

/**
 * Expected values are computed by hand below, step by step, from the definitions in Fabozzi,
 * "Bond Markets, Analysis and Strategies", ch. 4: P = Σ CF·(1 + y/m)^(−m·t), Macaulay duration
 * D = Σ t·PV(CF)/P, modified duration D/(1 + y/m), convexity (d²P/dy²)/P, DV01 = D_mod·P/10,000.
 */

// A 3-year bond, 10 % annual coupon, 100 face, annual compounding (m = 1).
const ANNUAL = [
  { time: 1, amount: 10 },
  { time: 2, amount: 10 },
  { time: 3, amount: 110 },
] as const;

describe('presentValueAtYield', () => {
  it('prices a bond at par when the yield equals the coupon (hand computation)', () => {
    // At y = 10 %: 10/1.1 + 10/1.21 + 110/1.331 = 9.090909 + 8.264463 + 82.644628 = 100.
    expect(presentValueAtYield(ANNUAL, 0.1, 1)).toBeCloseTo(100, 12);
  });

  it('discounts per period with semi-annual compounding (hand computation)', () => {
    // 2-year, 8 % coupon paid semi-annually, y = 6 % with m = 2: per-period rate 3 %,
    // P = 4/1.03 + 4/1.03² + 4/1.03³ + 104/1.03⁴
    //   = 3.883495 + 3.770384 + 3.660567 + 92.402651 = 103.717098.
    const flows = [0.5, 1, 1.5, 2].map((time) => ({ time, amount: time === 2 ? 104 : 4 }));
    expect(presentValueAtYield(flows, 0.06, 2)).toBeCloseTo(103.717098, 6);
  });

  it('uses fractional years for the tr-treasury convention (m = 1, t = days/365)', () => {
    // A zero-coupon bill paying 100 in 182 days at 40 % compound yield:
    // t = 182/365 = 0.498630; 1.4^t = exp(0.498630 × ln 1.4) = exp(0.498630 × 0.336472)
    //   = exp(0.167775) = 1.182661; P = 100/1.182661 = 84.554389.
    expect(presentValueAtYield([{ time: 182 / 365, amount: 100 }], 0.4, 1)).toBeCloseTo(
      84.554389,
      6,
    );
  });

  it('refuses a yield at or below −m', () => {
    expect(() => presentValueAtYield(ANNUAL, -1, 1)).toThrow(InvalidInputError);
    expect(() => presentValueAtYield(ANNUAL, -2.5, 2)).toThrow(InvalidInputError);
    expect(() => presentValueAtYield(ANNUAL, Number.NaN, 1)).toThrow(InvalidInputError);
  });
});

describe('yieldSensitivities', () => {
  it('gives the textbook duration, convexity and DV01 of the 3-year 10 % par bond', () => {
    // Macaulay: (1·9.090909 + 2·8.264463 + 3·82.644628)/100 = (9.090909 + 16.528926 + 247.933884)/100
    //   = 2.735537 years. Modified: 2.735537/1.1 = 2.486852.
    // Convexity: Σ CF·t·(t+1)/(1.1)^(t+2) / P
    //   = (10·2/1.1³ + 10·6/1.1⁴ + 110·12/1.1⁵)/100 = (15.026296 + 40.980807 + 819.616147)/100
    //   = 8.756232. DV01 = 2.486852 × 100 / 10,000 = 0.02486852.
    const s = yieldSensitivities(ANNUAL, 0.1, 1);
    expect(s.presentValue).toBeCloseTo(100, 12);
    expect(s.macaulayDuration).toBeCloseTo(2.735537, 6);
    expect(s.modifiedDuration).toBeCloseTo(2.486852, 6);
    expect(s.convexity).toBeCloseTo(8.756232, 6);
    expect(s.dv01).toBeCloseTo(0.02486852, 8);
  });

  it('has a Macaulay duration equal to the maturity for a zero-coupon flow', () => {
    // One flow at t: D = t·PV/PV = t; modified = t/(1 + y/m); convexity = t(t + 1/m)/(1 + y/m)².
    const s = yieldSensitivities([{ time: 5, amount: 100 }], 0.08, 2);
    expect(s.macaulayDuration).toBeCloseTo(5, 12);
    expect(s.modifiedDuration).toBeCloseTo(5 / 1.04, 12);
    expect(s.convexity).toBeCloseTo((5 * 5.5) / 1.04 ** 2, 12);
  });

  it('agrees with a finite difference of the price (derivatives are analytic)', () => {
    const h = 1e-5;
    const up = presentValueAtYield(ANNUAL, 0.1 + h, 1);
    const down = presentValueAtYield(ANNUAL, 0.1 - h, 1);
    const s = yieldSensitivities(ANNUAL, 0.1, 1);
    expect(-(up - down) / (2 * h) / s.presentValue).toBeCloseTo(s.modifiedDuration, 6);
    expect((up - 2 * s.presentValue + down) / (h * h) / s.presentValue).toBeCloseTo(s.convexity, 3);
  });

  it('refuses flows whose present value is not positive', () => {
    expect(() => yieldSensitivities([{ time: 1, amount: -5 }], 0.1, 1)).toThrow(
      /present value must be positive/,
    );
    expect(() => yieldSensitivities(ANNUAL, -1, 1)).toThrow(InvalidInputError);
  });
});

describe('positivePresentValue', () => {
  it("is yieldSensitivities' present value to the bit (the scenario repricing's price)", () => {
    // A seeded spread of bonds: 1 to 40 flows, annual to monthly compounding, yields -50 %..80 %.
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let k = 0; k < 500; k++) {
      const m = [1, 2, 4, 12][Math.floor(next() * 4)]!;
      const flows = Array.from({ length: 1 + Math.floor(next() * 40) }, (_, i) => ({
        time: (i + next()) / m,
        amount: next() * 10,
      }));
      const y = -0.5 + next() * 1.3;
      expect(positivePresentValue(flows, y, m)).toBe(yieldSensitivities(flows, y, m).presentValue);
    }
  });

  it('refuses what yieldSensitivities refuses', () => {
    expect(() => positivePresentValue([{ time: 1, amount: 0 }], 0.1, 1)).toThrow(InvalidInputError);
    expect(() => positivePresentValue([{ time: 1, amount: 100 }], -1, 1)).toThrow(
      InvalidInputError,
    );
  });
});

describe('solveYield', () => {
  it('recovers the coupon rate from a par price', () => {
    expect(solveYield(ANNUAL, 100, 1)).toBeCloseTo(0.1, 12);
  });

  it('recovers the semi-annual yield of the hand-priced bond (6 % from 103.717098)', () => {
    const flows = [0.5, 1, 1.5, 2].map((time) => ({ time, amount: time === 2 ? 104 : 4 }));
    expect(solveYield(flows, 103.71709840281035, 2)).toBeCloseTo(0.06, 12);
  });

  it('converges from a far initial guess and for very high yields (bracket widening)', () => {
    // Price of the 3-year bond at 300 %: 10/4 + 10/16 + 110/64 = 2.5 + 0.625 + 1.71875 = 4.84375.
    expect(solveYield(ANNUAL, 4.84375, 1, 0.9)).toBeCloseTo(3, 10);
    // Near −100 %: at y = −50 %, P = 10·2 + 10·4 + 110·8 = 940.
    expect(solveYield(ANNUAL, 940, 1)).toBeCloseTo(-0.5, 10);
  });

  it('refuses a non-positive price, bad flows and unreachable prices', () => {
    expect(() => solveYield(ANNUAL, 0, 1)).toThrow(/price must be a positive number/);
    expect(() => solveYield(ANNUAL, Number.POSITIVE_INFINITY, 1)).toThrow(InvalidInputError);
    expect(() => solveYield([], 100, 1)).toThrow(/non-negative cash flows/);
    expect(() =>
      solveYield(
        [
          { time: 1, amount: -1 },
          { time: 2, amount: 101 },
        ],
        100,
        1,
      ),
    ).toThrow(/non-negative cash flows/);
    expect(() => solveYield([{ time: 1, amount: 0 }], 100, 1)).toThrow(/non-negative cash flows/);
    // The flows sum to 130, the price limit as y → −100 % is infinite but as y → ∞ it is 0:
    // a price of 1e-9 needs a yield above 1e6.
    expect(() => solveYield(ANNUAL, 1e-9, 1)).toThrow(/no yield below 1e6/);
  });
});
