// Reads a dated series table (CSV or .xlsx): first column a date, one column per series.
import { type RawCell, cellText, readRawTable } from './raw-table.ts';
import { cellError } from './errors.ts';

export interface SeriesTable {
  readonly file: string;
  /** ISO yyyy-mm-dd, strictly ascending. */
  readonly dates: string[];
  /** One entry per series column; null marks a missing (empty) cell. */
  readonly columns: { name: string; values: (number | null)[] }[];
  /** 1-based file row of each date (the header is row 1), for error messages. */
  readonly rows?: number[];
}

/**
 * Reads a series table. Accepted dates: ISO `yyyy-mm-dd`, Turkish `dd.mm.yyyy`, spreadsheet date
 * cells and Excel serial numbers. Accepted numbers: `0.0123`, `-1.5e-3`, and the Turkish decimal
 * comma `0,0123` (in a `;`-delimited or quoted CSV cell). Rows are returned in ascending date order
 * whatever the file's order.
 * @throws CliError naming file, row and column for an unreadable file, a bad or duplicate date,
 *   a non-number cell or a duplicate header.
 */
export async function readSeriesTable(path: string): Promise<SeriesTable> {
  const raw = await readRawTable(path);
  const [dateHeader, ...names] = raw.header;
  if (dateHeader === undefined || names.length === 0) {
    throw cellError(
      { file: path, row: 1 },
      'ilk sütun tarih, ardından en az bir seri sütunu olmalı',
    );
  }
  const parsed = raw.rows.map(({ row, cells }) => {
    const [dateCell, ...valueCells] = cells;
    if (dateCell === null || dateCell === undefined) {
      throw cellError({ file: path, row, column: dateHeader }, 'tarih boş');
    }
    const date = parseDate(dateCell);
    if (date === null) {
      throw cellError(
        { file: path, row, column: dateHeader },
        `geçerli bir tarih değil: "${cellText(dateCell)}"`,
      );
    }
    const values = valueCells.map((cell, i) => {
      if (cell === null) return null;
      const value = parseNumber(cell);
      if (value === null) {
        throw cellError({ file: path, row, column: names[i]! }, `sayı değil: "${cellText(cell)}"`);
      }
      return value;
    });
    return { row, date, values };
  });
  parsed.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  for (let i = 1; i < parsed.length; i++) {
    if (parsed[i]!.date === parsed[i - 1]!.date) {
      throw cellError(
        { file: path, row: parsed[i]!.row, column: dateHeader },
        `tarih tekrarlanıyor: ${parsed[i]!.date}`,
      );
    }
  }
  return {
    file: path,
    dates: parsed.map((p) => p.date),
    rows: parsed.map((p) => p.row),
    columns: names.map((name, i) => ({ name, values: parsed.map((p) => p.values[i]!) })),
  };
}

const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

/** ISO date of a cell, or null when it is not a valid calendar date. */
export function parseDate(cell: RawCell): string | null {
  if (cell instanceof Date)
    return Number.isNaN(cell.getTime()) ? null : cell.toISOString().slice(0, 10);
  if (typeof cell === 'number') {
    if (!Number.isInteger(cell) || cell < 1 || cell > 2_958_465) return null;
    return new Date(EXCEL_EPOCH_MS + cell * 86_400_000).toISOString().slice(0, 10);
  }
  const text = cell.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(text);
  const tr = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text);
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : tr ? [tr[3], tr[2], tr[1]] : [];
  if (y === undefined || m === undefined || d === undefined) return null;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  const out = date.toISOString().slice(0, 10);
  return out === `${y}-${m}-${d}` ? out : null;
}

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const DECIMAL_COMMA = /^[+-]?\d+,\d+$/;

/** A finite number from a cell, or null when the cell is not a plain number. */
export function parseNumber(cell: RawCell): number | null {
  if (cell instanceof Date) return null;
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : null;
  const text = cell.trim();
  if (NUMBER.test(text)) return Number(text);
  if (DECIMAL_COMMA.test(text)) return Number(text.replace(',', '.'));
  return null;
}
