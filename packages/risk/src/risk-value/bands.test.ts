import { describe, expect, it } from 'vitest';
import { bandTableFor, riskValueForVolatility, SPK_RISK_VALUE_BANDS } from './bands.ts';

describe('risk value bands (12.10.2023)', () => {
  it('puts the lower bound in the class and the upper bound in the next one', () => {
    expect(riskValueForVolatility(0, '2024-01-01')).toBe(1);
    expect(riskValueForVolatility(0.019999, '2024-01-01')).toBe(1);
    expect(riskValueForVolatility(0.02, '2024-01-01')).toBe(2);
    expect(riskValueForVolatility(0.1, '2024-01-01')).toBe(4);
    expect(riskValueForVolatility(0.299999, '2024-01-01')).toBe(6);
    expect(riskValueForVolatility(0.3, '2024-01-01')).toBe(7);
    expect(riskValueForVolatility(2.5, '2024-01-01')).toBe(7);
  });
  it('uses an earlier table for earlier dates when one is supplied, else the earliest table', () => {
    const older = {
      effectiveFrom: '2013-07-01',
      source: 'test',
      bands: [{ riskValue: 9, lowerBound: 0, upperBound: Number.POSITIVE_INFINITY }],
    };
    const tables = [...SPK_RISK_VALUE_BANDS, older];
    expect(riskValueForVolatility(0.01, '2020-01-01', tables)).toBe(9);
    expect(riskValueForVolatility(0.01, '2023-10-12', tables)).toBe(1);
    expect(bandTableFor('2001-01-01', tables)).toBe(older);
    expect(bandTableFor('2001-01-01').effectiveFrom).toBe('2023-10-12');
  });
  it('rejects negative volatility, an empty table list and a gap in a table', () => {
    expect(() => riskValueForVolatility(-0.01, '2024-01-01')).toThrow(/volatility/);
    expect(() => bandTableFor('2024-01-01', [])).toThrow(/table/);
    const gap = [
      {
        effectiveFrom: '2020-01-01',
        source: 't',
        bands: [{ riskValue: 1, lowerBound: 0, upperBound: 0.1 }],
      },
    ];
    expect(() => riskValueForVolatility(0.2, '2024-01-01', gap)).toThrow(/band/);
  });
});
