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

/** One column of a result table (labels live with each analysis type's contract). */
export const col = (key: string, label: string, format: ColumnFormat): ResultColumn => ({
  key,
  label,
  format,
});

export const ResultTableSchema = z.object({
  title: z.string(),
  columns: z.array(ResultColumnSchema),
  rows: z.array(z.record(z.string(), z.unknown())),
});
export type ResultTable = z.infer<typeof ResultTableSchema>;

export const ResultTablesSchema = z.record(z.string(), ResultTableSchema);
export type ResultTables = z.infer<typeof ResultTablesSchema>;
