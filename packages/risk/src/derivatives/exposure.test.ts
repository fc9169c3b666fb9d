// Hand-computed cases (issue 23 item 1, decision 0051). Normal CDF values from the standard
// table: N(0,35) = 0,636831 (Hull, "Options, Futures, and Other Derivatives", Table for N(x)),
// N(0,10) = 0,539828.
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../errors.ts';
import { derivativeExposure } from './exposure.ts';

// S = K = 100, T = 1, r = 5 %, σ = 20 %: d1 = (ln 1 + (0,05 + 0,02)·1) / 0,2 = 0,35.
const hull = {
  contractSize: 100,
  underlyingPrice: 100,
  model: 'black-scholes-merton',
  strike: 100,
  timeToExpiry: 1,
  riskFreeRate: 0.05,
  volatility: 0.2,
} as const;

describe('derivativeExposure', () => {
  it('a future: contracts × size × the underlying index level, delta 1', () => {
    // 10 VİOP BIST 30 contracts of 100/1000 TL per point with the index at 10 250 points
    // (the futures' own price, say 10 400, plays no part): 10 × 0,1 × 10 250 = 10 250 TL.
    expect(
      derivativeExposure({
        kind: 'future',
        contracts: 10,
        contractSize: 0.1,
        underlyingPrice: 10_250,
      }),
    ).toEqual({ notionalTry: 10_250, delta: 1, exposureTry: 10_250 });
    expect(
      derivativeExposure({ kind: 'future', contracts: -3, contractSize: 1000, underlyingPrice: 35 })
        .exposureTry,
    ).toBe(-105_000);
  });

  it('a call: the delta-adjusted underlying exposure, the delta-1 notional beside it', () => {
    // 10 contracts × 100 × 100 = 100 000 TL notional; delta N(0,35) = 0,636831 → 63 683,07 TL.
    const e = derivativeExposure({ kind: 'option', optionType: 'call', contracts: 10, ...hull });
    expect(e.notionalTry).toBe(100_000);
    expect(e.delta).toBeCloseTo(0.636831, 6);
    expect(e.exposureTry).toBeCloseTo(63_683.07, 2);
  });

  it('a short put: negative notional, negative delta, a long exposure to the underlying', () => {
    // −5 × 100 × 100 = −50 000 TL; delta N(0,35) − 1 = −0,363169 → +18 158,47 TL.
    const e = derivativeExposure({ kind: 'option', optionType: 'put', contracts: -5, ...hull });
    expect(e.notionalTry).toBe(-50_000);
    expect(e.delta).toBeCloseTo(-0.363169, 6);
    expect(e.exposureTry).toBeCloseTo(18_158.47, 2);
  });

  it('an option on a future takes the Black-76 delta e^(−rT) N(d1)', () => {
    // F = K = 100: d1 = (0 + 0,02) / 0,2 = 0,10; delta = 0,951229 × 0,539828 = 0,513500.
    const e = derivativeExposure({
      kind: 'option',
      optionType: 'call',
      contracts: 1,
      ...hull,
      model: 'black-76',
    });
    expect(e.delta).toBeCloseTo(0.5135, 5);
  });

  it('at expiry the delta is the payoff’s: ±1 in the money, 0 out of it', () => {
    const at = (optionType: 'call' | 'put', underlyingPrice: number) =>
      derivativeExposure({
        kind: 'option',
        optionType,
        contracts: 1,
        ...hull,
        underlyingPrice,
        timeToExpiry: 0,
      }).delta;
    expect([at('call', 110), at('call', 90), at('put', 90), at('put', 110)]).toEqual([1, 0, -1, 0]);
  });

  it('refuses a non-positive underlying price or strike', () => {
    expect(() =>
      derivativeExposure({ kind: 'future', contracts: 1, contractSize: 1, underlyingPrice: 0 }),
    ).toThrow(InvalidInputError);
    expect(() =>
      derivativeExposure({ kind: 'option', optionType: 'call', contracts: 1, ...hull, strike: 0 }),
    ).toThrow(InvalidInputError);
  });
});
