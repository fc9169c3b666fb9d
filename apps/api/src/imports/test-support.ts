import ExcelJS from 'exceljs';
import { IMPORT_COLUMNS, type ImportColumn, type ImportKind } from '@fonrisk/contracts';
import { exampleText } from './templates.ts';

/**
 * Files for import tests: the template's example row of a kind (its first cell changed, so that
 * it is data), with chosen cells replaced, written as CSV.
 */
export function exampleRow(kind: ImportKind): Record<string, string> {
  const columns = IMPORT_COLUMNS[kind];
  const row = Object.fromEntries(columns.map((c) => [c.key, exampleText(c)]));
  const first = columns[0]!;
  row[first.key] = kind === 'fxRates' ? 'EUR' : `${row[first.key] ?? ''}2`;
  return row;
}

/** The number columns of a kind whose example row has a value. */
export function exampleNumberColumns(kind: ImportKind): ImportColumn[] {
  return IMPORT_COLUMNS[kind].filter((c) => c.cell === 'number' && typeof c.example === 'number');
}

export interface CsvOptions {
  /** Headers as Turkish labels (the template) or as column keys. */
  readonly headers?: 'label' | 'key';
  readonly delimiter?: string;
}

const quote = (value: string, delimiter: string) =>
  value.includes(delimiter) || /["\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;

/** A CSV file of rows given by column key (missing keys are empty cells). */
export function csvOf(
  kind: ImportKind,
  rows: readonly Readonly<Record<string, string>>[],
  { headers = 'label', delimiter = ';' }: CsvOptions = {},
): Uint8Array {
  const columns = IMPORT_COLUMNS[kind];
  const line = (cells: readonly string[]) => cells.map((c) => quote(c, delimiter)).join(delimiter);
  const text = [
    line(columns.map((c) => (headers === 'label' ? c.label : c.key))),
    ...rows.map((r) => line(columns.map((c) => r[c.key] ?? ''))),
  ].join('\r\n');
  return new TextEncoder().encode(`${text}\r\n`);
}

/** An .xlsx file whose first sheet holds `rows` (row 1 the header). */
export async function xlsxOf(rows: readonly unknown[][]): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Veri');
  for (const row of rows) ws.addRow(row);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}
