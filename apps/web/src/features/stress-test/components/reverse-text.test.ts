import { describe, expect, it } from 'vitest';
import { reverseText } from './reverse-text.ts';

const row = { portfolioCode: 'DBA', lossPct: 0.1 };

describe('reverse stress figure', () => {
  it('shows the equity and FX shocks as percents and the rate shift in signed bp', () => {
    expect(reverseText({ ...row, equityShock: -0.1115, fxShock: null, rateShiftBp: 1764 })).toBe(
      '-%11,15 / yok / +1.764 bp',
    );
    expect(reverseText({ ...row, equityShock: null, fxShock: 0.4275, rateShiftBp: -320 })).toBe(
      'yok / %42,75 / -320 bp',
    );
  });

  it('says "yok" for a shift searched and not found, "–" for a result stored before the rate search', () => {
    expect(reverseText({ ...row, equityShock: null, fxShock: null, rateShiftBp: null })).toBe(
      'yok / yok / yok',
    );
    expect(reverseText({ ...row, equityShock: -0.2, fxShock: null })).toBe('-%20,00 / yok / –');
  });
});
