// Reads the cells of a CSV or .xlsx file (first worksheet) into a header and rows, keeping each
// row's 1-based line number for error messages. No interpretation beyond "empty or not".
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { CliError, cellError } from './errors.ts';

/** A non-empty cell: text as read from CSV, or a typed value from a spreadsheet. */
export type RawCell = string | number | Date;

export interface RawRow {
  /** 1-based row number in the file (the header is row 1). */
  readonly row: number;
  /** One entry per header column; null when the cell is empty. */
  readonly cells: readonly (RawCell | null)[];
}

export interface RawTable {
  readonly file: string;
  readonly header: readonly string[];
  readonly rows: readonly RawRow[];
}

/**
 * Reads a table; the header row must have unique, non-empty names.
 * @throws CliError naming the file (and row/column) when it cannot be read or is malformed.
 */
export async function readRawTable(file: string): Promise<RawTable> {
  const grid = extname(file).toLowerCase() === '.xlsx' ? await readXlsx(file) : await readCsv(file);
  const first = grid[0];
  if (first === undefined) throw cellError({ file }, 'dosya boş, başlık satırı yok');
  const header = first.cells.map((cell, i) => {
    const name = cell === null ? '' : cellText(cell).trim();
    if (name === '')
      throw cellError({ file, row: first.row, column: `#${i + 1}` }, 'sütun başlığı boş');
    return name;
  });
  const seen = new Set<string>();
  header.forEach((name) => {
    if (seen.has(name))
      throw cellError({ file, row: first.row, column: name }, 'sütun başlığı tekrarlanıyor');
    seen.add(name);
  });
  const rows: RawRow[] = [];
  for (const line of grid.slice(1)) {
    if (line.cells.every((c) => c === null)) continue;
    if (
      line.cells.length > header.length &&
      line.cells.slice(header.length).some((c) => c !== null)
    ) {
      throw cellError(
        { file, row: line.row },
        `başlıkta ${header.length} sütun var, bu satırda daha fazla değer var`,
      );
    }
    rows.push({ row: line.row, cells: header.map((_, i) => line.cells[i] ?? null) });
  }
  return { file, header, rows };
}

/** The text of a cell as a user would see it in a message. */
export function cellText(cell: RawCell): string {
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell);
}

async function readText(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw cellError(
      { file },
      `dosya okunamadı (${(error as NodeJS.ErrnoException).code ?? 'bilinmeyen hata'})`,
    );
  }
}

async function readCsv(file: string): Promise<RawRow[]> {
  const text = (await readText(file)).replace(/^\uFEFF/, '');
  const headerLine = text.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = [',', ';', '\t'].reduce((best, d) =>
    headerLine.split(d).length > headerLine.split(best).length ? d : best,
  );
  let records: string[][];
  try {
    records = parse(text, {
      delimiter,
      relax_column_count: true,
      skip_empty_lines: false,
      trim: true,
    });
  } catch (error) {
    const e = error as { lines?: number; message: string };
    throw cellError(
      { file, ...(e.lines === undefined ? {} : { row: e.lines }) },
      `CSV okunamadı: ${e.message}`,
    );
  }
  return records.map((cells, i) => ({
    row: i + 1,
    cells: cells.map((c) => (c === '' ? null : c)),
  }));
}

async function readXlsx(file: string): Promise<RawRow[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.readFile(file);
  } catch (error) {
    throw cellError({ file }, `Excel dosyası okunamadı: ${(error as Error).message}`);
  }
  const sheet = workbook.worksheets[0];
  if (sheet === undefined) throw cellError({ file }, 'Excel dosyasında çalışma sayfası yok');
  const rows: RawRow[] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const cells: (RawCell | null)[] = [];
    for (let c = 1; c <= row.cellCount; c++) cells.push(excelValue(row.getCell(c).value));
    rows.push({ row: rowNumber, cells });
  });
  return rows;
}

function excelValue(value: ExcelJS.CellValue): RawCell | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || value instanceof Date) return value;
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'boolean') return String(value);
  if ('result' in value) return excelValue(value.result);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('text' in value) return value.text;
  if ('error' in value) return value.error;
  throw new CliError(`desteklenmeyen Excel hücre değeri: ${JSON.stringify(value)}`);
}
