// Column selection and row alignment over a SeriesTable.
import { cellError } from './errors.ts';
import type { SeriesTable } from './read-table.ts';

export type Column = SeriesTable['columns'][number];

/** The named column; CliError naming file, header row and column when it does not exist. */
export function findColumn(table: SeriesTable, name: string): Column {
  const column = table.columns.find((c) => c.name === name);
  if (column === undefined) {
    throw cellError(
      { file: table.file, row: 1, column: name },
      `böyle bir sütun yok; sütunlar: ${table.columns.map((c) => c.name).join(', ')}`,
    );
  }
  return column;
}

/** Rows where every given column has a value: their dates and the aligned values. */
export interface AlignedRows {
  readonly dates: string[];
  readonly values: Float64Array[];
}

/** Pairwise (listwise for more than two) complete rows, in date order. */
export function completeRows(table: SeriesTable, columns: readonly Column[]): AlignedRows {
  const rows: number[] = [];
  for (let r = 0; r < table.dates.length; r++) {
    if (columns.every((c) => c.values[r] !== null)) rows.push(r);
  }
  return {
    dates: rows.map((r) => table.dates[r]!),
    values: columns.map((c) => Float64Array.from(rows, (r) => c.values[r]!)),
  };
}

/** CliError for too little history, naming file, the last row of data and the column. */
export function requireObservations(
  table: SeriesTable,
  column: string,
  count: number,
  required: number,
): void {
  if (count < required) {
    throw cellError(
      { file: table.file, row: table.dates.length + 1, column },
      `en az ${required} gözlem gerekli, ${count} var`,
    );
  }
}
