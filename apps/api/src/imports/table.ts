import type { RawCell } from './cells.ts';

/**
 * The most data rows one import file may hold (decision 0056): twice the 100,000 price rows issue
 * 4 loads, well past any file of the demo. A file past it is refused as soon as the reader gets
 * there, without reading the rest.
 */
export const MAX_IMPORT_ROWS = 200_000;

/** A file read into rows of raw cells, before any column is interpreted. */
export interface RawTable {
  /** Header texts of row 1, by column position (blank headers are empty strings). */
  readonly headers: readonly string[];
  readonly rows: readonly RawRow[];
}

export interface RawRow {
  /** The row number as a spreadsheet program shows it (the header is row 1). */
  readonly rowNumber: number;
  readonly cells: readonly RawCell[];
}

/** A problem that makes the whole file unreadable (not a zip, broken quoting, no header). */
export class UnreadableFileError extends Error {
  constructor(
    message: string,
    readonly rowNumber: number | null = null,
    /** The header of the column at fault, when one cell is. */
    readonly column: string | null = null,
  ) {
    super(message);
    this.name = 'UnreadableFileError';
  }
}

/** The refusal of a file with more data rows than `maxRows`, at the first row beyond. */
export function tooManyRows(maxRows: number, rowNumber: number): UnreadableFileError {
  return new UnreadableFileError(
    `dosyada en fazla ${maxRows.toLocaleString('tr-TR')} veri satırı olabilir; bu satırda sınır aşıldı. Dosyayı bölerek yükleyin`,
    rowNumber,
  );
}
