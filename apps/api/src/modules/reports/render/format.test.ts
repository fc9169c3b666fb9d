// The PDF's table cells in tr-TR (decision 0060): figures that round to zero carry no sign.
import { describe, expect, it } from 'vitest';
import { formatCell } from './format.ts';

describe('PDF table cells', () => {
  it('writes money, numbers and percentages the Turkish way', () => {
    expect(formatCell('money', -1234567.891)).toBe('-1.234.567,89');
    expect(formatCell('number', 0.123456)).toBe('0,1235');
    expect(formatCell('percent', -0.0018)).toBe('-%0,18');
  });

  it('writes a value that rounds to zero without a sign (0,00 and %0,00, never -0,00)', () => {
    expect(formatCell('money', -0.001)).toBe('0,00');
    expect(formatCell('number', -0.00001)).toBe('0');
    expect(formatCell('percent', -0.00001)).toBe('%0,00');
    expect(formatCell('money', -0)).toBe('0,00');
  });
});
