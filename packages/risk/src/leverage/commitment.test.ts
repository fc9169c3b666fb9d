import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { commitmentApproach, commitmentExposure, type CommitmentPosition } from './commitment.ts';
import { futuresExposure } from '../derivatives/futures.ts';
import { InvalidInputError } from '../errors.ts';

// Worked examples of the SPK "Yatırım Fonlarına İlişkin Rehber" §7.5.2 (12.12.2013), lines 2222-2343
// of /work/shared/domain/sources/spk-yatirim-fonlarina-iliskin-rehber.md. Exact decimal results,
// tolerance 1e-9 TL.
describe('Rehber §7.5.2 position formulas', () => {
  it('computes the BIST 30 index future 3 × 100/1000 × 88 902 = 26 670,60 TL', () => {
    expect(futuresExposure({ contracts: 3, contractSize: 100 / 1000, price: 88_902 })).toBeCloseTo(
      26_670.6,
      9,
    );
  });
  it('computes the gold future 2 × 100 × 81,757 = 16 351,40 TL and USD/TRY 2 × 1000 × 2,0407 = 4 081,40 TL', () => {
    expect(futuresExposure({ contracts: 2, contractSize: 100, price: 81.757 })).toBeCloseTo(
      16_351.4,
      9,
    );
    expect(futuresExposure({ contracts: 2, contractSize: 1000, price: 2.0407 })).toBeCloseTo(
      4_081.4,
      9,
    );
  });
  it('computes the index option 120 × 100/1000 × 88 902 × 0,5 = 533 412 TL and the share option 31 590 TL', () => {
    const option = (contracts: number, size: number, price: number): CommitmentPosition => ({
      kind: 'option',
      id: 'o',
      underlying: 'XU030',
      contracts,
      contractSize: size,
      underlyingPrice: price,
      delta: 0.5,
    });
    expect(commitmentExposure(option(120, 0.1, 88_902))).toBeCloseTo(533_412, 9);
    expect(commitmentExposure(option(90, 100, 7.02))).toBeCloseTo(31_590, 9);
  });
  it('computes warrants 1000 × (1/(1/2)) × 2,59 × 0,5 = 2 590 TL and 10 000 × 1/10 × 81,757 × 0,5 = 40 878,50 TL', () => {
    expect(
      commitmentExposure({
        kind: 'warrant',
        id: 'w',
        underlying: 'DEF',
        quantity: 1000,
        conversionRatio: 1 / 2,
        underlyingPrice: 2.59,
        delta: 0.5,
      }),
    ).toBeCloseTo(2_590, 9);
    expect(
      commitmentExposure({
        kind: 'warrant',
        id: 'w',
        underlying: 'XAU',
        quantity: 10_000,
        conversionRatio: 10,
        underlyingPrice: 81.757,
        delta: 0.5,
      }),
    ).toBeCloseTo(40_878.5, 9);
  });
  it('computes the FX forward 20 × 1 000 × 2,04 = 40 800 TL', () => {
    expect(
      commitmentExposure({
        kind: 'fx-forward',
        id: 'f',
        underlying: 'USD',
        notional: 20 * 1000,
        fxRate: 2.04,
      }),
    ).toBeCloseTo(40_800, 9);
  });
  it('computes a forward-settlement bond as nominal × price per unit of nominal (76,5 % → 76 500 TL)', () => {
    // The Rehber prints 100 000 × 76,5 = 7 650 000 TL, multiplying a per-100 price by the nominal;
    // per unit of nominal the position of 100 000 TL nominal at 76,5 is 76 500 TL.
    expect(
      commitmentExposure({
        kind: 'forward-bond',
        id: 'b',
        underlying: 'TRT081106T14',
        nominal: 100_000,
        pricePerUnitNominal: 0.765,
      }),
    ).toBeCloseTo(76_500, 9);
  });
  it('takes swaps and credit-linked notes at the market value of the underlying', () => {
    expect(
      commitmentExposure({
        kind: 'interest-rate-swap',
        id: 's',
        underlying: 'TRY-IRS',
        marketValue: -12_500,
      }),
    ).toBe(-12_500);
  });
  it('rejects non-finite inputs and non-positive sizes, prices and conversion ratios', () => {
    expect(() => futuresExposure({ contracts: 1, contractSize: 0, price: 1 })).toThrow(
      InvalidInputError,
    );
    expect(() =>
      commitmentExposure({
        kind: 'warrant',
        id: 'w',
        underlying: 'X',
        quantity: 1,
        conversionRatio: 0,
        underlyingPrice: 1,
        delta: 1,
      }),
    ).toThrow(/conversionRatio/);
    expect(() =>
      commitmentExposure({
        kind: 'option',
        id: 'o',
        underlying: 'X',
        contracts: 1,
        contractSize: 1,
        underlyingPrice: 1,
        delta: Number.NaN,
      }),
    ).toThrow(/non-finite/);
    expect(() =>
      commitmentExposure({
        kind: 'spot',
        id: 's',
        underlying: 'X',
        marketValue: Number.POSITIVE_INFINITY,
      }),
    ).toThrow(/non-finite/);
    expect(() =>
      commitmentExposure({
        kind: 'forward-bond',
        id: 'b',
        underlying: 'X',
        nominal: Number.NaN,
        pricePerUnitNominal: 1,
      }),
    ).toThrow(/non-finite/);
    expect(() =>
      commitmentExposure({
        kind: 'fx-forward',
        id: 'f',
        underlying: 'USD',
        notional: 1,
        fxRate: Number.NaN,
      }),
    ).toThrow(/non-finite/);
  });
});

const rehberNettingExample: CommitmentPosition[] = [
  { kind: 'spot', id: 'XYZ pay', underlying: 'XYZ', marketValue: 100 },
  {
    kind: 'future',
    id: 'XYZ vadeli',
    underlying: 'XYZ',
    contracts: -20,
    contractSize: 1,
    underlyingPrice: 1,
  },
  {
    kind: 'future',
    id: 'BIST30 vadeli',
    underlying: 'XU030',
    contracts: -10,
    contractSize: 1,
    underlyingPrice: 1,
  },
  {
    kind: 'future',
    id: 'KLM 3 ay',
    underlying: 'KLM',
    contracts: 30,
    contractSize: 1,
    underlyingPrice: 1,
  },
  {
    kind: 'warrant',
    id: 'KLM varant',
    underlying: 'KLM',
    quantity: -10,
    conversionRatio: 1,
    underlyingPrice: 1,
    delta: 1,
  },
];

describe('commitment approach (Rehber §7.5.1, §7.5.3, §7.5.4)', () => {
  it('reproduces the §7.5.3 netting example: gross 70 TL, open position 30 TL', () => {
    const result = commitmentApproach(rehberNettingExample, 1_000, { asOf: '2024-01-02' });
    expect(result.grossNotional).toBe(70);
    expect(result.openPosition).toBe(30);
    expect(result.leverageRatio).toBeCloseTo(0.07, 15);
    expect(result.openPositionRatio).toBeCloseTo(0.03, 15);
    expect(result.netting).toEqual([
      { underlying: 'XYZ', derivativePosition: -20, spotPosition: 100, netPosition: 0 },
      { underlying: 'XU030', derivativePosition: -10, spotPosition: 0, netPosition: -10 },
      { underlying: 'KLM', derivativePosition: 20, spotPosition: 0, netPosition: 20 },
    ]);
    expect(result.limitChecks).toEqual([
      {
        ruleId: 'spk-acik-pozisyon',
        metric: 'openPositionRatio',
        value: 0.03,
        limit: 1,
        bound: 'max',
        passes: true,
        source: 'SPK Rehber §7.2.2 a, §7.5.1 b',
      },
    ]);
  });

  it('does not net a derivative against a spot holding on the same side, and nets a larger short only down to the excess', () => {
    const same = commitmentApproach(
      [
        { kind: 'spot', id: 's', underlying: 'A', marketValue: 100 },
        {
          kind: 'future',
          id: 'f',
          underlying: 'A',
          contracts: 20,
          contractSize: 1,
          underlyingPrice: 1,
        },
      ],
      100,
      { asOf: '2024-01-02' },
    );
    expect(same.openPosition).toBe(20);
    const larger = commitmentApproach(
      [
        { kind: 'spot', id: 's', underlying: 'A', marketValue: 100 },
        {
          kind: 'future',
          id: 'f',
          underlying: 'A',
          contracts: -150,
          contractSize: 1,
          underlyingPrice: 1,
        },
      ],
      100,
      { asOf: '2024-01-02' },
    );
    expect(larger.openPosition).toBe(50);
    expect(larger.limitChecks[0]!.passes).toBe(true);
  });

  it('deducts an eligible hedge up to the hedged value and ignores an ineligible one', () => {
    const hedge = (eligible: boolean): CommitmentPosition => ({
      kind: 'future',
      id: 'beta',
      underlying: 'XU030',
      contracts: -300,
      contractSize: 0.1,
      underlyingPrice: 10_000,
      hedge: { eligible, hedgedValue: 250_000 },
    });
    const eligible = commitmentApproach([hedge(true)], 1_000_000, { asOf: '2024-01-02' });
    expect(eligible.grossNotional).toBeCloseTo(300_000, 9);
    expect(eligible.hedgeDeduction).toBeCloseTo(250_000, 9);
    expect(eligible.openPosition).toBeCloseTo(50_000, 9);
    const ineligible = commitmentApproach([hedge(false)], 1_000_000, { asOf: '2024-01-02' });
    expect(ineligible.openPosition).toBeCloseTo(300_000, 9);
  });

  it('fails the open-position limit above fund total value and applies configured leverage limits', () => {
    const result = commitmentApproach(
      [{ kind: 'fx-forward', id: 'f', underlying: 'USD', notional: 40_000, fxRate: 30 }],
      1_000_000,
      {
        asOf: '2024-01-02',
        limits: [
          {
            id: 'acik',
            metric: 'openPositionRatio',
            limit: 1,
            effectiveFrom: '2013-07-09',
            source: 'test',
          },
          {
            id: 'kaldirac',
            metric: 'leverageRatio',
            limit: 2,
            effectiveFrom: '2024-01-01',
            source: 'iç limit',
          },
          {
            id: 'eski',
            metric: 'leverageRatio',
            limit: 0.5,
            effectiveFrom: '2010-01-01',
            effectiveTo: '2024-01-01',
            source: 'eski iç limit',
          },
        ],
      },
    );
    expect(result.openPositionRatio).toBeCloseTo(1.2, 12);
    expect(result.limitChecks.map((c) => [c.ruleId, c.passes])).toEqual([
      ['acik', false],
      ['kaldirac', true],
    ]);
  });

  it('rejects a non-positive fund total value', () => {
    expect(() => commitmentApproach([], 0, { asOf: '2024-01-02' })).toThrow(/fundTotalValue/);
  });

  it('never reports an open position above the gross sum of notionals (netting and hedging only reduce)', () => {
    const position = fc.record({
      underlying: fc.constantFrom('A', 'B', 'C'),
      value: fc.double({ min: -1e6, max: 1e6, noNaN: true }),
      spot: fc.boolean(),
      hedge: fc.option(
        fc.record({
          eligible: fc.boolean(),
          hedgedValue: fc.double({ min: -1e3, max: 1e6, noNaN: true }),
        }),
        { nil: undefined },
      ),
    });
    fc.assert(
      fc.property(fc.array(position, { maxLength: 12 }), (items) => {
        const positions: CommitmentPosition[] = items.map((x, i) =>
          x.spot
            ? { kind: 'spot', id: `s${i}`, underlying: x.underlying, marketValue: x.value }
            : {
                kind: 'interest-rate-swap',
                id: `d${i}`,
                underlying: x.underlying,
                marketValue: x.value,
                ...(x.hedge ? { hedge: x.hedge } : {}),
              },
        );
        const result = commitmentApproach(positions, 1e6, { asOf: '2024-01-02' });
        expect(result.openPosition).toBeLessThanOrEqual(result.grossNotional * (1 + 1e-12) + 1e-9);
        expect(result.openPosition).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
