import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatNumber } from './format.ts';

describe('Turkish formatting', () => {
  it('formats numbers with dot thousands and comma decimals', () => {
    expect(formatNumber(1234567.891)).toBe('1.234.567,89');
    expect(formatNumber(-0.5, 3)).toBe('-0,500');
    expect(formatNumber(42, 0)).toBe('42');
  });

  it('writes a value that rounds to zero without a sign (a beta of -0.0001 is 0,000)', () => {
    expect(formatNumber(-0.0001, 3)).toBe('0,000');
    expect(formatNumber(-0, 2)).toBe('0,00');
    expect(formatNumber(-0.004)).toBe('0,00');
    expect(formatNumber(-0.005)).toBe('-0,01');
  });

  it('shows a dash for missing or non-finite numbers instead of a misleading zero', () => {
    expect(formatNumber(null)).toBe('–');
    expect(formatNumber(Number.NaN)).toBe('–');
  });

  it('formats dates as day.month.year in Istanbul time', () => {
    expect(formatDate('2026-11-21T09:00:00Z')).toBe('21.11.2026');
    // 22:30 UTC is already the next day in Istanbul (UTC+3).
    expect(formatDate('2026-11-20T22:30:00Z')).toBe('21.11.2026');
    expect(formatDateTime('2026-11-21T09:05:00Z')).toBe('21.11.2026 12:05');
  });

  it('shows a dash for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('–');
    expect(formatDate('not a date')).toBe('–');
  });
});
