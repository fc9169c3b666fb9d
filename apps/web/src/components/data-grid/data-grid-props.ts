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
  /**
   * The grid's height in pixels (it scrolls past it), or 'fit': as tall as its rows, for a short
   * table whose rows grow with wrapped text (AG Grid's autoHeight layout).
   */
  readonly height?: number | 'fit';
  readonly rowStyle?: (row: TRow) => RowStyle | undefined;
  readonly getRowId?: (row: TRow) => string;
  readonly testId?: string;
}
