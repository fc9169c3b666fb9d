import { describe, expect, it } from 'vitest';
import { activeShare, activeWeightsBy, weightsFromValues } from './active-share.ts';

describe('active share', () => {
  it('is half the sum of absolute weight differences over the union of holdings', () => {
    const result = activeShare(
      [
        { id: 'A', weight: 0.45 },
        { id: 'B', weight: 0.3 },
        { id: 'X', weight: 0.25 },
      ],
      [
        { id: 'A', weight: 0.4 },
        { id: 'B', weight: 0.4 },
        { id: 'C', weight: 0.2 },
      ],
    );
    expect(result.activeShare).toBeCloseTo(0.3, 15);
    expect(
      result.weights.map((w) => w.id),
      'largest absolute active weight first',
    ).toEqual(['X', 'C', 'B', 'A']);
    expect(
      result.weights.map((w) => w.activeWeight).map((w) => Math.round(w * 1e12) / 1e12),
    ).toEqual([0.25, -0.2, -0.1, 0.05]);
  });
  it('is 0 against itself and 1 with no common holdings', () => {
    const fund = [
      { id: 'A', weight: 0.6 },
      { id: 'A', weight: 0.4 },
    ];
    expect(activeShare(fund, [{ id: 'A', weight: 1 }]).activeShare).toBe(0);
    expect(activeShare(fund, [{ id: 'B', weight: 1 }]).activeShare).toBe(1);
  });
});

// Hand-worked from the definition (Cremers & Petajisto 2009, eq. 1), values in TRY.
describe('active share from values, per sector', () => {
  const fund = weightsFromValues(
    [
      { id: 'AKBNK', value: 400 },
      { id: 'THYAO', value: 300 },
      { id: 'ASELS', value: 200 },
      { id: 'NAKIT', value: 100 },
    ],
    'fund',
  );
  const index = weightsFromValues(
    [
      { id: 'AKBNK', value: 30 },
      { id: 'THYAO', value: 30 },
      { id: 'GARAN', value: 40 },
    ],
    'benchmark',
  );
  it('½(|.40−.30| + |.30−.30| + |.20−0| + |.10−0| + |0−.40|) = 0.40', () => {
    const r = activeShare(fund, index);
    expect(r.activeShare).toBeCloseTo(0.4, 12);
    expect(r.weights[0]).toMatchObject({ id: 'GARAN', fundWeight: 0 });
    expect(r.weights[0]!.activeWeight).toBeCloseTo(-0.4, 12);
  });
  it('banks 0.40 vs 0.70 (−0.30), defence +0.20, cash +0.10, transport 0', () => {
    const sector: Record<string, string> = {
      AKBNK: 'Banka',
      GARAN: 'Banka',
      THYAO: 'Ulaştırma',
      ASELS: 'Savunma',
      NAKIT: 'Nakit',
    };
    const rows = activeWeightsBy(activeShare(fund, index).weights, (id) => sector[id]!);
    const get = (s: string) => rows.find((w) => w.id === s)!;
    expect(rows[0]!.id).toBe('Banka');
    expect(get('Banka').fundWeight).toBeCloseTo(0.4, 12);
    expect(get('Banka').benchmarkWeight).toBeCloseTo(0.7, 12);
    expect(get('Banka').activeWeight).toBeCloseTo(-0.3, 12);
    expect(get('Savunma').activeWeight).toBeCloseTo(0.2, 12);
    expect(get('Nakit').activeWeight).toBeCloseTo(0.1, 12);
    expect(get('Ulaştırma').activeWeight).toBeCloseTo(0, 12);
  });
  it('refuses values that do not sum to a positive total', () => {
    expect(() => weightsFromValues([], 'fund')).toThrow(/fund: total value/);
    expect(() => weightsFromValues([{ id: 'X', value: Number.NaN }], 'benchmark')).toThrow(
      /benchmark: X value is not finite/,
    );
  });
});
