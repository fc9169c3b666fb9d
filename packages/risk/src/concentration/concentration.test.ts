import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  checkConcentration,
  groupWeights,
  herfindahl,
  SPK_CONCENTRATION_RULES,
  topN,
  weightsBy,
  type ConcentrationHolding,
} from './concentration.ts';
import { InvalidInputError } from '../errors.ts';

const holdings: ConcentrationHolding[] = [
  {
    id: 'AKBNK',
    valueTry: 80,
    kind: 'security',
    issuer: 'Akbank',
    issuerGroup: 'Sabancı',
    sector: 'Banka',
    assetClass: 'hisse',
    currency: 'TRY',
  },
  {
    id: 'mevduat',
    valueTry: 40,
    kind: 'deposit',
    issuer: 'Akbank',
    issuerGroup: 'Sabancı',
    sector: 'Banka',
    assetClass: 'mevduat',
    currency: 'TRY',
  },
  {
    id: 'SAHOL',
    valueTry: 60,
    kind: 'security',
    issuer: 'Sabancı Holding',
    issuerGroup: 'Sabancı',
    sector: 'Holding',
    assetClass: 'hisse',
    currency: 'TRY',
  },
  {
    id: 'THYAO',
    valueTry: 50,
    kind: 'security',
    issuer: 'THY',
    sector: 'Ulaştırma',
    assetClass: 'hisse',
    currency: 'TRY',
  },
  {
    id: 'DIBS',
    valueTry: 700,
    kind: 'security',
    issuer: 'Hazine',
    sector: 'Kamu',
    assetClass: 'borçlanma',
    currency: 'TRY',
  },
  { id: 'USD', valueTry: 70, kind: 'cash', assetClass: 'nakit', currency: 'USD' },
];
const nav = 1000;

describe('concentration weights and indices', () => {
  it('aggregates by issuer, counting a bank deposit toward the bank (Rehber §4.1.4)', () => {
    const byIssuer = weightsBy(holdings, 'issuer', nav);
    expect(byIssuer.map((w) => [w.key, w.weight])).toEqual([
      ['Hazine', 0.7],
      ['Akbank', 0.12],
      ['Sabancı Holding', 0.06],
      ['THY', 0.05],
    ]);
    expect(weightsBy(holdings, 'currency', nav).map((w) => w.key)).toEqual(['TRY', 'USD']);
    expect(topN(byIssuer, 2).map((w) => w.key)).toEqual(['Hazine', 'Akbank']);
    expect(topN(byIssuer, -1)).toEqual([]);
  });

  it('computes HHI in decimals and points and the effective number', () => {
    const h = herfindahl([
      { key: 'a', valueTry: 50, weight: 0.5 },
      { key: 'b', valueTry: 30, weight: 0.3 },
      { key: 'c', valueTry: 20, weight: 0.2 },
    ])!;
    expect(h.hhi).toBeCloseTo(0.38, 15);
    expect(h.hhiPoints).toBeCloseTo(3800, 10);
    expect(h.effectiveN).toBeCloseTo(1 / 0.38, 12);
    expect(herfindahl([])).toBeNull();
  });

  it('gives HHI between 1/N and 1, and N for equal weights', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.01, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 30 }),
        (values) => {
          const h = herfindahl(values.map((v, i) => ({ key: String(i), valueTry: v, weight: v })))!;
          expect(h.hhi).toBeGreaterThanOrEqual(1 / values.length - 1e-12);
          expect(h.hhi).toBeLessThanOrEqual(1 + 1e-12);
        },
      ),
    );
    expect(
      herfindahl(Array.from({ length: 8 }, (_, i) => ({ key: String(i), valueTry: 3, weight: 0 })))!
        .effectiveN,
    ).toBeCloseTo(8, 12);
  });

  it('rejects a non-positive fund total value', () => {
    expect(() => weightsBy(holdings, 'issuer', 0)).toThrow(/fundTotalValue/);
  });
});

describe('concentration limits', () => {
  it('flags the bank over 10 % once its deposit is added, keeps the group under 20 % and breaches 5/10/40', () => {
    const checks = checkConcentration(holdings, nav, SPK_CONCENTRATION_RULES, '2024-06-28');
    const failing = checks.filter((c) => !c.passes).map((c) => [c.ruleId, c.key]);
    expect(failing).toEqual([
      ['spk-tek-ihracci', 'Hazine'],
      ['spk-tek-ihracci', 'Akbank'],
      ['spk-5-10-40', undefined],
    ]);
    const large = checks.find((c) => c.ruleId === 'spk-5-10-40')!;
    expect(large.value, 'THY at exactly 5 % is not above 5 %').toBeCloseTo(0.7 + 0.12 + 0.06, 15);
    expect(large.passes).toBe(false);
    expect(checks.find((c) => c.ruleId === 'spk-grup')).toMatchObject({
      key: 'Sabancı',
      value: 0.18,
      passes: true,
    });
  });

  it('applies configurable rules: excluding deposits, a named key, effective dates', () => {
    const rules = [
      {
        id: 'pp-ihracci',
        kind: 'max-per-key' as const,
        dimension: 'issuer' as const,
        limit: 0.1,
        excludeDeposits: true,
        effectiveFrom: '2024-11-21',
        source: 'Rehber §4.9',
      },
      {
        id: 'doviz',
        kind: 'max-key' as const,
        dimension: 'currency' as const,
        key: 'USD',
        limit: 0.2,
        effectiveFrom: '2013-07-09',
        source: 'iç limit',
      },
      {
        id: 'yok',
        kind: 'max-key' as const,
        dimension: 'currency' as const,
        key: 'EUR',
        limit: 0.2,
        effectiveFrom: '2013-07-09',
        source: 'iç limit',
      },
    ];
    const checks = checkConcentration(holdings, nav, rules, '2024-12-02');
    expect(checks.find((c) => c.key === 'Akbank')).toMatchObject({ value: 0.08, passes: true });
    expect(checks.find((c) => c.ruleId === 'doviz')).toMatchObject({ value: 0.07, passes: true });
    expect(checks.find((c) => c.ruleId === 'yok')).toMatchObject({ value: 0, passes: true });
    expect(checkConcentration(holdings, nav, rules, '2024-01-02').map((c) => c.ruleId)).toEqual([
      'doviz',
      'yok',
    ]);
  });
});

describe('group weights of any key (country, counterparty)', () => {
  it('sums per key, drops missing keys and gives the HHI of the shares', () => {
    // Yurt içi 600 + 200 = 800, yabancı 200 of NAV 1 000; HHI = 0.8² + 0.2² = 0.68, N = 1.4706.
    const w = groupWeights(
      [
        { key: 'Yurt içi', valueTry: 600 },
        { key: 'Yabancı', valueTry: 200 },
        { key: 'Yurt içi', valueTry: 200 },
        { key: null, valueTry: 50 },
      ],
      1_000,
    );
    expect(w).toEqual([
      { key: 'Yurt içi', valueTry: 800, weight: 0.8 },
      { key: 'Yabancı', valueTry: 200, weight: 0.2 },
    ]);
    expect(herfindahl(w)!.hhi).toBeCloseTo(0.68, 12);
    expect(herfindahl(w)!.effectiveN).toBeCloseTo(1 / 0.68, 12);
    expect(() => groupWeights([], 0)).toThrow(InvalidInputError);
  });
});
