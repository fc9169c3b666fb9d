// The props of the lazy grid wrapper and its implementation, apart so that neither imports the
// other's module for a type (decision 0054).
import type { ColDef, RowStyle } from 'ag-grid-community';

export interface DataGridProps<TRow> {
  readonly rows: readonly TRow[];
  readonly columns: ColDef[];
  /** Rows pinned under the body (totals). */
  readonly pinnedBottomRows?: readonly Record<string, unknown>[];
  /** When set, the column state (order, width, sort, visibility) is kept in localStorage under it. */
  readonly stateKey?: string;
  readonly height?: number;
  readonly rowStyle?: (row: TRow) => RowStyle | undefined;
  readonly getRowId?: (row: TRow) => string;
  readonly testId?: string;
}
