import { describe, expect, it } from 'vitest';
import { normalizeName, readBoolean, readDate, readNumber, enumReader } from './cells.ts';

describe('readNumber', () => {
  it.each([
    ['1.234,56', 1234.56],
    ['1234,56', 1234.56],
    ['1234.56', 1234.56],
    ['1,234.56', 1234.56],
    ['-1.234.567,5', -1234567.5],
    ['1.234.567', 1234567],
    ['1,234,567', 1234567],
    [' 12 345,6 ', 12345.6],
    ['1.234', 1.234],
    ['0,5', 0.5],
    ['1.5e-3', 0.0015],
    [42, 42],
  ] as const)('reads %j as %d', (raw, expected) => {
    expect(readNumber(raw)).toBeCloseTo(expected, 12);
  });

  it.each(['abc', '1.23.4,5', '1,2,3', '12a', '--1', '1.234,56,7', ''])('rejects %j', (raw) => {
    expect(readNumber(raw)).toBeUndefined();
  });

  it('rejects non-finite numbers, booleans and dates', () => {
    expect(readNumber(Number.NaN)).toBeUndefined();
    expect(readNumber(true)).toBeUndefined();
    expect(readNumber(new Date())).toBeUndefined();
  });
});

describe('readDate', () => {
  it('reads DD.MM.YYYY, D.M.YYYY, DD/MM/YYYY and YYYY-MM-DD', () => {
    expect(readDate('14.08.2026')).toBe('2026-08-14');
    expect(readDate('4.8.2026')).toBe('2026-08-04');
    expect(readDate('14/08/2026')).toBe('2026-08-14');
    expect(readDate('2026-08-14')).toBe('2026-08-14');
  });

  it('reads Excel date cells (UTC midnight) and Excel serial numbers', () => {
    expect(readDate(new Date(Date.UTC(2025, 0, 2)))).toBe('2025-01-02');
    expect(readDate(45659), 'serial 45659 is 2025-01-02 in the 1900 system').toBe('2025-01-02');
  });

  it('rejects impossible dates and other shapes', () => {
    expect(readDate('31.02.2025')).toBeUndefined();
    expect(readDate('2025-13-01')).toBeUndefined();
    expect(readDate('02.01.25')).toBeUndefined();
    expect(readDate('yarın')).toBeUndefined();
    expect(readDate(1.5)).toBeUndefined();
  });
});

describe('readBoolean and names', () => {
  it('reads Turkish and English yes/no words', () => {
    expect(readBoolean('Evet')).toBe(true);
    expect(readBoolean('HAYIR')).toBe(false);
    expect(readBoolean('E')).toBe(true);
    expect(readBoolean('yanlış')).toBe(false);
    expect(readBoolean(1)).toBe(true);
    expect(readBoolean('belki')).toBeUndefined();
  });

  it('folds case, spaces and Turkish diacritics', () => {
    expect(normalizeName('Güncel Değer')).toBe(normalizeName('guncel deger'));
    expect(normalizeName('İHRAÇÇI')).toBe('ihracci');
    expect(normalizeName('Yatırım Aracı Kodu')).toBe('yatirimaracikodu');
  });

  it('matches enum cells by stored value or by Turkish label', () => {
    const read = enumReader({ call: 'Alım (Call)', put: 'Satım (Put)' });
    expect(read('put')).toBe('put');
    expect(read('alim (call)')).toBe('call');
    expect(read('long')).toBeUndefined();
  });
});
