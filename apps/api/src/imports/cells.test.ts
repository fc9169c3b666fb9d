import { describe, expect, it } from 'vitest';
import {
  ENUM_TEXTS_KEPT,
  enumReader,
  normalizeName,
  readBoolean,
  readDate,
  readNumber,
} from './cells.ts';

describe('readNumber', () => {
  it.each([
    ['1.234,56', 'tr', 1234.56],
    ['1234,56', 'tr', 1234.56],
    ['1234.56', 'intl', 1234.56],
    ['1,234.56', 'intl', 1234.56],
    ['-1.234.567,5', 'tr', -1234567.5],
    ['1.234.567', 'tr', 1234567],
    ['1,234,567', 'intl', 1234567],
    [' 12 345,6 ', 'tr', 12345.6],
    // The ambiguous form follows the file's format: a thousands group in Turkish.
    ['1.234', 'tr', 1234],
    ['1.234', 'intl', 1.234],
    ['1,250', 'tr', 1.25],
    ['1,250', 'intl', 1250],
    ['0,5', 'tr', 0.5],
    ['1.5e-3', 'intl', 0.0015],
    ['1905331', 'tr', 1905331],
    [42, 'intl', 42],
  ] as const)('reads %j in format %s as %d', (raw, format, expected) => {
    expect(readNumber(raw, format)).toBeCloseTo(expected, 12);
  });

  it.each(['abc', '1.23.4,5', '1,2,3', '12a', '--1', '1.234,56,7', ''])('rejects %j', (raw) => {
    expect(readNumber(raw, 'tr')).toBeUndefined();
    expect(readNumber(raw, 'intl')).toBeUndefined();
  });

  it('refuses a text cell written in the other format', () => {
    expect(readNumber('1.234,56', 'intl')).toBeUndefined();
    expect(readNumber('33.000.000', 'intl')).toBeUndefined();
    expect(readNumber('1234.56', 'tr')).toBeUndefined();
    expect(readNumber('1,234,567', 'tr')).toBeUndefined();
  });

  it('rejects non-finite numbers, booleans and dates', () => {
    expect(readNumber(Number.NaN, 'tr')).toBeUndefined();
    expect(readNumber(true, 'tr')).toBeUndefined();
    expect(readNumber(new Date(), 'tr')).toBeUndefined();
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

  it('reads a text seen before the same way, also past the texts it remembers', () => {
    const read = enumReader({ call: 'Alım (Call)', put: 'Satım (Put)' });
    expect([read('Alım (Call)'), read('Alım (Call)'), read('long'), read('long')]).toEqual([
      'call',
      'call',
      undefined,
      undefined,
    ]);
    for (let i = 0; i < ENUM_TEXTS_KEPT + 10; i++) expect(read(`çöp ${String(i)}`)).toBeUndefined();
    expect(read('SATIM (PUT)'), 'a new text once the memory is full').toBe('put');
    expect(read('Alım (Call)')).toBe('call');
  });
});
