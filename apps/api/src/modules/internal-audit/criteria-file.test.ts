import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { NumberFormat } from '@fonrisk/contracts';
import { parseCriteriaXlsx } from './criteria-file.ts';
import { CriteriaFileError } from './internal-audit.errors.ts';

// Issue 21: a criteria file reads its numbers by the number-format rule of every import
// (decision 0047): numeric Excel cells are numbers; the text cells of a column are read by their
// clear form, else by a Turkish header, else by the user's default with each ambiguous cell
// listed with both readings.

/** The required columns and Limit, headed in Turkish (as exported) or by rule path (keys). */
const TURKISH = ['Kod', 'Ad', 'Grup', 'Ölçüm', 'Karşılaştırma', 'Önem', 'Yürürlük Tarihi', 'Limit'];
const KEYS = [
  'code',
  'name',
  'group',
  'measure.aggregation',
  'comparison.kind',
  'severity',
  'effectiveFrom',
  'comparison.limit',
];

/** One criterion a row, differing only by code and by the Limit cell. */
async function workbook(headers: readonly string[], limits: readonly (string | number)[]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Kriterler');
  sheet.addRow([...headers]);
  limits.forEach((limit, i) =>
    sheet.addRow([
      `K-${String(i + 1)}`,
      `Kural ${String(i + 1)}`,
      'İç limitler',
      'weight',
      'max',
      'warning',
      '2026-01-01',
      limit,
    ]),
  );
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function limitsOf(
  headers: readonly string[],
  cells: readonly (string | number)[],
  fallback: NumberFormat = 'tr',
) {
  const { rules, ambiguousNumbers } = await parseCriteriaXlsx(
    await workbook(headers, cells),
    fallback,
  );
  return {
    limits: rules.map((r) => (r.comparison.kind === 'max' ? r.comparison.limit : null)),
    ambiguousNumbers,
  };
}

async function refusal(headers: readonly string[], cells: readonly (string | number)[]) {
  const error = await parseCriteriaXlsx(await workbook(headers, cells), 'tr').then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CriteriaFileError);
  return error as CriteriaFileError;
}

describe('criteria Excel numbers', () => {
  it('reads a Turkish column: a comma decimal fixes it, 1.250 is then one thousand two hundred fifty', async () => {
    const { limits, ambiguousNumbers } = await limitsOf(TURKISH, ['0,09', '1.250', '33.000.000']);
    expect(limits).toEqual([0.09, 1250, 33_000_000]);
    expect(ambiguousNumbers).toEqual([]);
  });

  it('reads a Turkish-headed column of ambiguous cells as Turkish (the header is evidence)', async () => {
    const { limits, ambiguousNumbers } = await limitsOf(TURKISH, ['276.000'], 'intl');
    expect(limits).toEqual([276_000]);
    expect(ambiguousNumbers).toEqual([]);
  });

  it('reads an international column (key headers): 0.09 and 1,250', async () => {
    const { limits, ambiguousNumbers } = await limitsOf(KEYS, ['0.09', '1,250', '1,234,567.5']);
    expect(limits).toEqual([0.09, 1250, 1_234_567.5]);
    expect(ambiguousNumbers).toEqual([]);
  });

  it('refuses a mixed column naming the cell and the evidence, and imports nothing', async () => {
    const error = await refusal(TURKISH, ['0,09', '1.234,5', '0.5']);
    expect(error.errors).toHaveLength(1);
    expect(error.errors[0]).toMatchObject({ row: 4, field: 'Limit' });
    expect(error.detail).toContain("Satır 4, 'Limit' sütunu: '0.5' uluslararası (1,234.56)");
    expect(error.detail).toContain("satır 2, 'Limit' sütunu: '0,09'");
  });

  it('lists ambiguous cells with both readings when nothing shows the format (default Turkish)', async () => {
    const { limits, ambiguousNumbers } = await limitsOf(KEYS, ['1.250', '276.000']);
    expect(limits).toEqual([1250, 276_000]);
    expect(ambiguousNumbers).toEqual([
      expect.objectContaining({
        row: 2,
        column: 'comparison.limit',
        text: '1.250',
        format: 'tr',
        value: 1250,
        otherValue: 1.25,
      }),
      expect.objectContaining({ row: 3, text: '276.000', value: 276_000, otherValue: 276 }),
    ]);
    expect(ambiguousNumbers[0]!.message).toBe(
      "Satır 2, 'comparison.limit' sütunu: '1.250' varsayılan Türkçe (1.234,56) biçimle 1.250 okundu; uluslararası (1,234.56) biçimde 1,25 olurdu.",
    );
  });

  it('follows the international default for ambiguous cells', async () => {
    const { limits, ambiguousNumbers } = await limitsOf(KEYS, ['1,250'], 'intl');
    expect(limits).toEqual([1250]);
    expect(ambiguousNumbers).toMatchObject([{ format: 'intl', value: 1250, otherValue: 1.25 }]);
    const dotted = await limitsOf(KEYS, ['1.250'], 'intl');
    expect(dotted.limits).toEqual([1.25]);
  });

  it('takes numeric Excel cells as numbers, guessing nothing, beside text cells', async () => {
    const { limits, ambiguousNumbers } = await limitsOf(KEYS, [1.25, 0.4, '0,5']);
    expect(limits).toEqual([1.25, 0.4, 0.5]);
    expect(ambiguousNumbers).toEqual([]);
  });

  it('refuses a text that is no number, naming its row and column', async () => {
    const error = await refusal(TURKISH, ['0,09', 'yüzde on']);
    expect(error.detail).toContain("Satır 3, Limit: 'yüzde on' sayı değil");
  });
});
