import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  classifyAnyNumber,
  classifyNumber,
  decideFormat,
  numberIn,
  writeNumber,
  type NumberCell,
} from './number-format.ts';

describe('classifyNumber', () => {
  it.each([
    ['1.234,56', 'tr', 1234.56],
    ['0,5', 'tr', 0.5],
    ['33.000.000', 'tr', 33_000_000],
    ['1234,567', 'tr', 1234.567],
    [',5', 'tr', 0.5],
    ['1,5e3', 'tr', 1500],
    ['1,234.56', 'intl', 1234.56],
    ['1.5', 'intl', 1.5],
    ['0.500', 'intl', 0.5],
    ['1,234,567', 'intl', 1_234_567],
    ['1234.567', 'intl', 1234.567],
    ['1.5e-3', 'intl', 0.0015],
  ] as const)('%j shows the %s format and reads %d', (text, format, value) => {
    const form = classifyNumber(text);
    expect(form).toEqual({ kind: 'clear', format, value });
    expect(numberIn(form, format)).toBe(value);
    expect(numberIn(form, format === 'tr' ? 'intl' : 'tr')).toBeUndefined();
  });

  it.each([
    ['276.000', 276_000, 276],
    ['1.250', 1250, 1.25],
    ['1,250', 1.25, 1250],
    ['-999,001', -999.001, -999_001],
  ])('%j is ambiguous: %d in Turkish, %d internationally', (text, tr, intl) => {
    expect(classifyNumber(text)).toEqual({ kind: 'ambiguous', values: { tr, intl } });
  });

  it.each([
    ['1905331', 1_905_331],
    ['-12', -12],
    ['1e5', 100_000],
    ['12 345', 12_345],
  ])('%j has no separator and reads %d in both', (text, value) => {
    const form = classifyNumber(text);
    expect(form).toEqual({ kind: 'plain', value });
    expect(numberIn(form, 'tr')).toBe(value);
    expect(numberIn(form, 'intl')).toBe(value);
  });

  it('reads the common cells ("45,5", "-1250", "0.250") as the general reading does', () => {
    const cells = fc
      .array(fc.constantFrom('0', '1', '2', '5', '9', ',', '.', '-', '+', ' ', 'e'), {
        maxLength: 12,
      })
      .map((chars) => chars.join(''));
    fc.assert(
      fc.property(cells, (text) => {
        expect(classifyNumber(text)).toEqual(classifyAnyNumber(text));
      }),
      { numRuns: 20_000, seed: 122 },
    );
    for (const text of ['0', '-0', '007', '-1.250', '0,250', '1000,5', '99999999999999999999,5'])
      expect(classifyNumber(text), text).toEqual(classifyAnyNumber(text));
  });

  it.each(['', 'abc', '1.', '1.2.3', '1,2,3', '1.234,5.6', '1.234e5.1', '1e999', '.', '--1'])(
    '%j is no number',
    (text) => {
      expect(classifyNumber(text)).toEqual({ kind: 'invalid' });
    },
  );
});

const cell = (row: number, text: string): NumberCell => ({
  row,
  column: 'Nominal Değer',
  text,
  form: classifyNumber(text),
});

describe('decideFormat', () => {
  it('takes a dot-thousands pattern as evidence for the whole scope (the 276.000 case)', () => {
    const d = decideFormat([cell(2, '276.000'), cell(3, '33.000.000')], false, 'intl');
    expect(d).toEqual({ format: 'tr', source: 'values', conflicts: [], ambiguous: [] });
    expect(numberIn(cell(2, '276.000').form, d.format)).toBe(276_000);
  });

  it('takes an international decimal over a Turkish header', () => {
    const d = decideFormat([cell(2, '1,250'), cell(3, '0.25')], true, 'tr');
    expect(d.format).toBe('intl');
    expect(d.source).toBe('values');
  });

  it('lists the cells written in the minority format as conflicts, with the evidence', () => {
    const d = decideFormat(
      [cell(2, '1.234,5'), cell(3, '10250.25'), cell(4, '7,5')],
      false,
      'intl',
    );
    expect(d.format).toBe('tr');
    expect(d.conflicts).toEqual([{ cell: cell(3, '10250.25'), evidence: cell(2, '1.234,5') }]);
  });

  it('follows a Turkish header when every value is ambiguous, without warnings', () => {
    expect(decideFormat([cell(2, '276.000')], true, 'intl')).toEqual({
      format: 'tr',
      source: 'header',
      conflicts: [],
      ambiguous: [],
    });
  });

  it("follows the user's default otherwise and lists every ambiguous cell", () => {
    const d = decideFormat([cell(2, '276.000'), cell(3, '12'), cell(4, '1,250')], false, 'intl');
    expect(d.format).toBe('intl');
    expect(d.source).toBe('default');
    expect(d.ambiguous.map((c) => c.row)).toEqual([2, 4]);
  });
});

describe('writeNumber', () => {
  it('writes a value as each format does', () => {
    expect(writeNumber(276000, 'tr')).toBe('276.000');
    expect(writeNumber(1.25, 'tr')).toBe('1,25');
    expect(writeNumber(1250, 'intl')).toBe('1,250');
  });
});
