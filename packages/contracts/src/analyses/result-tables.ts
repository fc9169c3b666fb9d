import { z } from 'zod';

/**
 * The generic displayable tables of an analysis result. Every result document carries
 * `tables: { [name]: ResultTable }`; the run export (one table -> .xlsx with tr-TR formats) and
 * the result grids read them without knowing the analysis.
 */
export const ColumnFormat = {
  Number: 'number',
  Percent: 'percent',
  Money: 'money',
  Date: 'date',
  Text: 'text',
} as const;
export type ColumnFormat = (typeof ColumnFormat)[keyof typeof ColumnFormat];

export const ColumnFormatSchema = z.enum(
  Object.values(ColumnFormat) as [ColumnFormat, ...ColumnFormat[]],
);

/**
 * One column. `percent` values are fractions (0.0512 is shown as %5,12); `money` values are TRY;
 * `date` values are YYYY-MM-DD strings.
 */
export const ResultColumnSchema = z.object({
  key: z.string(),
  label: z.string(),
  format: ColumnFormatSchema,
});
export type ResultColumn = z.infer<typeof ResultColumnSchema>;

/** A column whose row field is `K`. */
export interface ColumnOf<K extends string> extends ResultColumn {
  readonly key: K;
}

/** One column of a result table (labels live with each analysis type's contract). */
export const col = <const K extends string>(
  key: K,
  label: string,
  format: ColumnFormat,
): ColumnOf<K> => ({
  key,
  label,
  format,
});

/**
 * One result table's definition in its analysis type's contract: the (default) title and the
 * columns, each label, unit and format written once, plus the row fields that are data for the
 * screen but no column (a flag a grid colours a row by). `K | H` is the union of the row fields,
 * so a handler building the table with {@link buildTable} cannot emit a field the contract does
 * not define (decision 0042).
 */
export interface TableDefinition<K extends string, H extends string = never> {
  readonly title: string;
  readonly columns: readonly ColumnOf<K>[];
  /** Row fields that no column shows (read by the result screen). */
  readonly hiddenFields: readonly H[];
  /** One row per holding: see {@link ResultTableSchema}'s `perHolding`. */
  readonly perHolding?: true;
}

export const defineTable = <const K extends string, const H extends string = never>(
  title: string,
  columns: readonly ColumnOf<K>[],
  hiddenFields: readonly H[] = [],
  options: { readonly perHolding?: true } = {},
): TableDefinition<K, H> => ({ title, columns, hiddenFields, ...options });

/**
 * `definition` without the columns `omit` (a column that does not apply to a run), in the same
 * order; the omitted fields may still be in the rows, unshown.
 */
export const withoutColumns = <K extends string, H extends string>(
  definition: TableDefinition<K, H>,
  omit: readonly K[],
): TableDefinition<K, H> => ({
  ...definition,
  columns: definition.columns.filter((c) => !(omit as readonly string[]).includes(c.key)),
});

/**
 * A row of a table of fields `K`: any subset of them (a missing one shows empty); a row with a
 * field that is not one of `K` is rejected at compile time.
 */
export type OnlyColumns<R, K extends string> = R & Readonly<Record<Exclude<keyof R, K>, never>>;

/**
 * The displayable table of `definition` with `rows`. `title` replaces the definition's title when
 * the title carries run data (dates, a fund code); columns always come from the definition.
 */
export function buildTable<K extends string, H extends string, R extends object>(
  definition: TableDefinition<K, H>,
  rows: readonly OnlyColumns<R, K | H>[],
  title: string = definition.title,
): ResultTable {
  return {
    title,
    columns: [...definition.columns],
    rows: [...rows],
    ...(definition.perHolding ? { perHolding: true as const } : {}),
  };
}

/** A plain object (of JSON's kind): not an array, a Date, a Map or any other class's instance. */
function isPlainRow(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/**
 * One row of a table: a plain object of the columns' values (and any other field a chart or an
 * export reads), taken as it is. `z.record(z.string(), z.unknown())` checked and copied it key by
 * key: in the large manager's night (issue 25) ~1 s of the worker's main thread and ~0.9 GB of
 * allocation for the rows of 1,101 results, for no check a plain object does not pass
 * (decision 0104).
 */
const ResultRowSchema = z.custom<Record<string, unknown>>(isPlainRow, {
  message: 'tablo satırı düz bir nesne olmalı',
});

export const ResultTableSchema = z.object({
  title: z.string(),
  columns: z.array(ResultColumnSchema),
  rows: z.array(ResultRowSchema),
  /**
   * One row per holding of the fund (position VaR, position P&L under each scenario, position
   * liquidity...): a detail table of the reports, in the Excel file, while the PDF shows the
   * section's aggregates and charts (docs/decisions/0071-holdings-tables-in-the-excel.md).
   */
  perHolding: z.literal(true).optional(),
});
export type ResultTable = z.infer<typeof ResultTableSchema>;

export const ResultTablesSchema = z.record(z.string(), ResultTableSchema);
export type ResultTables = z.infer<typeof ResultTablesSchema>;
