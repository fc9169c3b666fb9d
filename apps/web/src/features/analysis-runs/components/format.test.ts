import { describe, expect, it } from 'vitest';
import { formatCell, formatConfidence, formatPct, formatTry } from './format.ts';

describe('analysis formats', () => {
  it('writes fractions as Turkish percents with the sign before the number', () => {
    expect(formatPct(0.05123)).toBe('%5,12');
    expect(formatPct(-0.25)).toBe('-%25,00');
    expect(formatPct(null)).toBe('–');
  });

  it('writes TRY amounts with dot thousands and comma decimals', () => {
    expect(formatTry(1234567.891)).toBe('1.234.567,89 TL');
    expect(formatTry(Number.NaN)).toBe('–');
  });

  it('writes confidence levels without needless decimals', () => {
    expect(formatConfidence(0.99)).toBe('%99');
    expect(formatConfidence(0.975)).toBe('%97,5');
  });

  it('formats result-table cells by their column format', () => {
    expect(formatCell('money', 1234.5)).toBe('1.234,50');
    expect(formatCell('percent', 0.2)).toBe('%20,00');
    expect(formatCell('date', '2026-11-21')).toBe('21.11.2026');
    expect(formatCell('number', 0.012345)).toBe('0,0123');
    expect(formatCell('number', 250)).toBe('250');
    expect(formatCell('text', true)).toBe('Evet');
    expect(formatCell('text', null)).toBe('–');
  });
});
