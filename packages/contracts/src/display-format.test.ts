import { describe, expect, it } from 'vitest';
import {
  formatDecimal,
  formatPercent,
  formatPercentPoints,
  isoToTurkishDate,
} from './display-format.ts';

describe('formatPercent (decision 0060: "-%0,18", never "%-0,18" nor "10 %")', () => {
  it('writes the percent sign before the number and the minus before both', () => {
    expect(formatPercent(0.05123)).toBe('%5,12');
    expect(formatPercent(-0.0018)).toBe('-%0,18');
    expect(formatPercent(-0.3692)).toBe('-%36,92');
    expect(formatPercent(0.2518)).toBe('%25,18');
  });

  it('groups thousands and follows the decimals asked', () => {
    expect(formatPercent(12.345678, 1)).toBe('%1.234,6');
    expect(formatPercent(0.1, 0)).toBe('%10');
    expect(formatPercent(0.1, 2, 0)).toBe('%10');
    expect(formatPercent(0.12345, 2, 0)).toBe('%12,35');
  });

  it('drops the sign of a value that rounds to zero and dashes what is not a number', () => {
    expect(formatPercent(-0.000001)).toBe('%0,00');
    expect(formatPercent(null)).toBe('–');
    expect(formatPercent(undefined)).toBe('–');
    expect(formatPercent(Number.NaN)).toBe('–');
    expect(formatPercent(Number.POSITIVE_INFINITY)).toBe('–');
  });

  it('takes percent points as well', () => {
    expect(formatPercentPoints(36.92)).toBe('%36,92');
    expect(formatPercentPoints(-0.18)).toBe('-%0,18');
    expect(formatPercentPoints(10, 2, 0)).toBe('%10');
    expect(formatPercentPoints(null)).toBe('–');
  });
});

describe('formatDecimal', () => {
  it('writes dot thousands and comma decimals, the decimals asked', () => {
    expect(formatDecimal(1234567.891)).toBe('1.234.567,89');
    expect(formatDecimal(-0.5, 3)).toBe('-0,500');
    expect(formatDecimal(0.5, 4, 0)).toBe('0,5');
  });

  it('drops the sign of a value that rounds to zero and dashes what is not a number', () => {
    expect(formatDecimal(-0.004)).toBe('0,00');
    expect(formatDecimal(-0)).toBe('0,00');
    expect(formatDecimal(-0.005)).toBe('-0,01');
    expect([null, undefined, Number.NaN, Infinity].map((v) => formatDecimal(v))).toEqual([
      '–',
      '–',
      '–',
      '–',
    ]);
  });
});

describe('isoToTurkishDate', () => {
  it('writes ISO dates as dd.mm.yyyy and leaves other text alone', () => {
    expect(isoToTurkishDate('2026-04-09')).toBe('09.04.2026');
    expect(isoToTurkishDate('2026-11-27T09:00:00Z')).toBe('27.11.2026');
    expect(isoToTurkishDate('dün')).toBe('dün');
  });
});
