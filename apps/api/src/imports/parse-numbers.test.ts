import { IMPORT_COLUMNS, IMPORT_KINDS, type ImportKind } from '@fonrisk/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseImportFile, type ImportResult } from './parse-import.ts';
import { csvOf, exampleNumberColumns, exampleRow, xlsxOf } from './test-support.ts';

/**
 * Issue 21, "Numbers read as the file means them": the number format is decided per file (per
 * column for the text cells of an Excel sheet), for every import kind.
 */

/** The number column each kind's tests write into. */
const MAIN: Readonly<Record<ImportKind, string>> = {
  holdings: 'nominalValue',
  prices: 'close',
  fxRates: 'forexBuying',
  instruments: 'couponRatePct',
  corporateActions: 'ratio',
  cashFlows: 'amountTry',
};

/**
 * Example rows of `kind` (each under its own code) whose `MAIN` cells are `values`; the other
 * number cells hold integers, which say nothing about the format.
 */
function rowsWith(kind: ImportKind, ...values: string[]) {
  const key = IMPORT_COLUMNS[kind][0]!.key;
  const currencies = ['USD', 'EUR', 'GBP', 'CHF'];
  return values.map((value, i) => {
    const row = exampleRow(kind);
    for (const c of exampleNumberColumns(kind))
      row[c.key] = String(Math.round(c.example as number));
    row[key] = kind === 'fxRates' ? currencies[i]! : `${row[key] ?? ''}${i}`;
    row[MAIN[kind]] = value;
    return row;
  });
}

/** The value of `MAIN` in each accepted row (instrument terms are nested). */
function mainValues(kind: ImportKind, result: ImportResult<unknown>): unknown[] {
  if (!result.ok) throw new Error(result.errors.map((e) => e.message).join('\n'));
  return result.rows.map((row) => {
    const r = row as Record<string, unknown> & { terms?: Record<string, unknown> };
    return kind === 'instruments' ? r.terms?.[MAIN[kind]] : r[MAIN[kind]];
  });
}

describe.each(IMPORT_KINDS)('%s: number formats', (kind) => {
  it('a dot-thousands pattern makes "1.250" a thousand two hundred and fifty', async () => {
    const result = await parseImportFile(
      kind,
      csvOf(kind, rowsWith(kind, '1.250', '33.000.000'), { headers: 'key' }),
      { defaultNumberFormat: 'intl' },
    );
    expect(mainValues(kind, result)).toEqual([1250, 33_000_000]);
    expect(result.ok && result.ambiguousNumbers).toEqual([]);
  });

  it('a Turkish decimal comma elsewhere in the file decides it too', async () => {
    const result = await parseImportFile(
      kind,
      csvOf(kind, rowsWith(kind, '1.250', '2,5'), { headers: 'key' }),
      { defaultNumberFormat: 'intl' },
    );
    expect(mainValues(kind, result)).toEqual([1250, 2.5]);
  });

  it('an international file reads "1,250" as 1250', async () => {
    const result = await parseImportFile(
      kind,
      csvOf(kind, rowsWith(kind, '1,250', '2.5'), { headers: 'key', delimiter: ',' }),
    );
    expect(mainValues(kind, result)).toEqual([1250, 2.5]);
  });

  it('a Turkish header decides a file whose values are all ambiguous, with no warning', async () => {
    const result = await parseImportFile(kind, csvOf(kind, rowsWith(kind, '1.250', '7')), {
      defaultNumberFormat: 'intl',
    });
    expect(mainValues(kind, result)).toEqual([1250, 7]);
    expect(result.ok && result.ambiguousNumbers).toEqual([]);
  });

  it("an all-ambiguous file follows the user's default and lists each ambiguous cell with both readings", async () => {
    const file = csvOf(kind, rowsWith(kind, '1.250', '7'), { headers: 'key' });
    const turkish = await parseImportFile(kind, file);
    expect(mainValues(kind, turkish)).toEqual([1250, 7]);
    expect(turkish.ok && turkish.ambiguousNumbers).toEqual([
      {
        row: 2,
        column: MAIN[kind],
        text: '1.250',
        format: 'tr',
        value: 1250,
        otherValue: 1.25,
        message: `Satır 2, '${MAIN[kind]}' sütunu: '1.250' varsayılan Türkçe (1.234,56) biçimle 1.250 okundu; uluslararası (1,234.56) biçimde 1,25 olurdu.`,
      },
    ]);
    const international = await parseImportFile(kind, file, { defaultNumberFormat: 'intl' });
    expect(mainValues(kind, international)).toEqual([1.25, 7]);
    expect(international.ok && international.ambiguousNumbers[0]).toMatchObject({
      value: 1.25,
      otherValue: 1250,
    });
  });

  it('a file mixing both formats is refused, naming the cell and the evidence', async () => {
    const result = await parseImportFile(
      kind,
      csvOf(kind, rowsWith(kind, '1.234,5', '7,25', '2.5')),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const label = IMPORT_COLUMNS[kind].find((c) => c.key === MAIN[kind])!.label;
    expect(result.errors.map((e) => e.message)).toEqual([
      `Satır 4, '${label}' sütunu: '2.5' uluslararası (1,234.56) biçiminde yazılmış; dosyanın geri kalanı Türkçe (1.234,56) biçiminde (satır 2, '${label}' sütunu: '1.234,5'). Bir dosyada sayılar tek biçimde yazılmalı.`,
    ]);
  });
});

describe('the holdings file of issue 21', () => {
  it('stores "Nominal Değer 276.000" as 276,000 beside "33.000.000"', async () => {
    const rows = rowsWith('holdings', '276.000', '33.000.000');
    const result = await parseImportFile('holdings', csvOf('holdings', rows));
    expect(mainValues('holdings', result)).toEqual([276_000, 33_000_000]);
  });
});

describe('.xlsx: per column for text cells, numeric cells as they are', () => {
  it('decides each column on its own text cells', async () => {
    const data = await xlsxOf([
      ['currency', 'date', 'forexBuying', 'forexSelling'],
      ['USD', '02.01.2025', '1.250', '35.2868'],
      ['EUR', '02.01.2025', '36,75', 36.5],
    ]);
    const result = await parseImportFile('fxRates', data, { defaultNumberFormat: 'intl' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    // forexBuying: "36,75" makes the column Turkish; forexSelling: "35.2868" international.
    expect(result.rows.map((r) => [r.forexBuying, r.forexSelling])).toEqual([
      [1250, 35.2868],
      [36.75, 36.5],
    ]);
    expect(result.ambiguousNumbers).toEqual([]);
  });

  it('never guesses a numeric cell, and lists an ambiguous text cell by the default', async () => {
    const data = await xlsxOf([
      ['currency', 'date', 'forexBuying'],
      ['USD', '02.01.2025', 1.25],
      ['EUR', '02.01.2025', '1.250'],
    ]);
    const result = await parseImportFile('fxRates', data);
    expect(result.ok && result.rows.map((r) => r.forexBuying)).toEqual([1.25, 1250]);
    expect(result.ok && result.ambiguousNumbers.map((a) => [a.row, a.text])).toEqual([
      [3, '1.250'],
    ]);
  });
});

/** Writes a value as a format does, with or without thousands groups. */
function written(value: number, format: 'tr' | 'intl', grouped: boolean): string {
  return value.toLocaleString(format === 'tr' ? 'tr-TR' : 'en-US', {
    maximumFractionDigits: 4,
    useGrouping: grouped,
  });
}

describe.each(IMPORT_KINDS)('%s: 1,000 generated files read back exactly', (kind) => {
  it('reads every value as written, Turkish or international, grouped or not', async () => {
    const value = fc
      .tuple(fc.integer({ min: 1, max: 99_999_999 }), fc.integer({ min: 0, max: 9999 }))
      .map(([whole, frac]) => Number((whole + frac / 10_000).toFixed(4)));
    await fc.assert(
      fc.asyncProperty(
        fc.array(value, { minLength: 1, maxLength: 3 }),
        fc.constantFrom<'tr' | 'intl'>('tr', 'intl'),
        fc.boolean(),
        async (values, format, grouped) => {
          // One clear decimal (2,5 or 2.5) shows the format, as a real file's prices do.
          const texts = [
            ...values.map((v) => written(v, format, grouped)),
            written(2.5, format, false),
          ];
          const file = csvOf(kind, rowsWith(kind, ...texts), {
            headers: 'key',
            delimiter: format === 'tr' ? ';' : ',',
          });
          const result = await parseImportFile(kind, file, {
            defaultNumberFormat: format === 'tr' ? 'intl' : 'tr',
          });
          expect(mainValues(kind, result)).toEqual([...values, 2.5]);
        },
      ),
      { numRuns: 1000 },
    );
  }, 300_000);
});
