import type ExcelJS from 'exceljs';
import type { ColumnFormat, ResultTable } from '@fonrisk/contracts';

/** Excel format codes; Excel shows them with the reader's separators (tr-TR: 1.234,56 and %5,12). */
export const XLSX_FORMATS: Readonly<Record<ColumnFormat, string | null>> = {
  number: '#,##0.0000',
  percent: '0.00%',
  money: '#,##0.00',
  date: 'dd.mm.yyyy',
  text: null,
};

/** A number column of whole numbers only (counts, classes, bp) shows no decimals: 3, not 3,0000. */
export const XLSX_COUNT_FORMAT = '#,##0';
const isWhole = (v: unknown): boolean =>
  v === null || v === undefined || (typeof v === 'number' && Number.isInteger(v));

/**
 * Each column's Excel format: its format's code, or the count format for a number column whose
 * values are all whole (as the screen prints them, without decimals).
 */
export function xlsxColumnFormats(table: ResultTable): (string | null)[] {
  return table.columns.map((c) =>
    c.format === 'number' && table.rows.every((row) => isWhole(row[c.key]))
      ? XLSX_COUNT_FORMAT
      : XLSX_FORMATS[c.format],
  );
}

/**
 * Each column's cell style ({@link xlsxColumnFormats}): one object a column, given to all its
 * cells. ExcelJS serialises a cell's style to find its number unless it has met that very object
 * before: a style object a cell was 3 s of a 100-fund report's 12-second workbook.
 */
export function xlsxColumnStyles(table: ResultTable): Partial<ExcelJS.Style>[] {
  return xlsxColumnFormats(table).map((format) => (format === null ? {} : { numFmt: format }));
}

/** A result table cell as Excel stores it: dates as dates, no value (or none finite) empty. */
export function xlsxCellValue(format: ColumnFormat, value: unknown): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  if (format === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value))
    return new Date(`${value}T00:00:00Z`);
  if (typeof value === 'boolean') return value ? 'Evet' : 'Hayır';
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
