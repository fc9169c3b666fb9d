import type { ResultTables } from '@fonrisk/contracts';
import { ResultTablePanel } from './result-table.tsx';

type Row = Record<string, unknown>;

interface Props {
  readonly runId: string;
  readonly tables: ResultTables;
  /** The table's key in `result.tables`. */
  readonly name: string;
  /** The rows shown, from all of the table's rows (e.g. one portfolio's); the export carries all. */
  readonly rows?: (all: readonly Row[]) => readonly Row[];
  readonly rowStyle?: (row: Row) => Record<string, string> | undefined;
  readonly height?: number;
}

/** The run's table `name` as a result table panel, or nothing when the result has no such table. */
export function RunTablePanel({ runId, tables, name, rows, ...rest }: Props) {
  const table = tables[name];
  if (table === undefined) return null;
  return (
    <ResultTablePanel
      runId={runId}
      name={name}
      table={table}
      {...(rows === undefined ? {} : { rows: rows(table.rows) })}
      {...rest}
    />
  );
}
