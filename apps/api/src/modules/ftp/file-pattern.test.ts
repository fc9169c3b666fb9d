import { describe, expect, it } from 'vitest';
import { PatternError, compilePattern } from './file-pattern.ts';

describe('compilePattern', () => {
  it('matches the issue example and returns the date in the name', () => {
    const p = compilePattern('PORTFOY_{YYYYMMDD}.xlsx');
    expect(p.match('PORTFOY_20261124.xlsx')).toEqual({ date: '2026-11-24' });
    expect(p.match('portfoy_20261124.XLSX')).toEqual({ date: '2026-11-24' });
    expect(p.match('PORTFOY_20261124.xlsx.tmp')).toBeNull();
    expect(p.match('XPORTFOY_20261124.xlsx')).toBeNull();
  });

  it('refuses impossible calendar dates', () => {
    const p = compilePattern('FIYAT_{YYYYMMDD}.csv');
    expect(p.match('FIYAT_20260230.csv')).toBeNull();
    expect(p.match('FIYAT_20261399.csv')).toBeNull();
    expect(p.match('FIYAT_20240229.csv')).toEqual({ date: '2024-02-29' });
  });

  it('reads day-first tokens and wildcards; dots are literal', () => {
    expect(compilePattern('KUR_{DD.MM.YYYY}.csv').match('KUR_24.11.2026.csv')).toEqual({
      date: '2026-11-24',
    });
    expect(compilePattern('KUR_{DDMMYYYY}*.csv').match('KUR_24112026_v2.csv')).toEqual({
      date: '2026-11-24',
    });
    expect(compilePattern('a.csv').match('abcsv')).toBeNull();
    expect(compilePattern('ARAC*.xlsx').match('ARACLAR.xlsx')).toEqual({ date: null });
  });

  it('rejects unknown tokens and two dates', () => {
    expect(() => compilePattern('X_{YYMMDD}.csv')).toThrow(PatternError);
    expect(() => compilePattern('{YYYYMMDD}_{DDMMYYYY}.csv')).toThrow(PatternError);
  });
});
