import type { ColDef } from 'ag-grid-community';

/** Measures the width in pixels of one line of grid text. */
export type TextMeasure = (text: string) => number;

/** Both cell paddings and the cell border of the grid theme (spacing 5), with a little spare. */
export const CELL_CHROME_PX = 36;

/** A column holds numbers when it filters as numbers (every numeric column of the app does). */
export function isNumericColumn(column: ColDef): boolean {
  return column.filter === 'agNumberColumnFilter';
}

function formatted(column: ColDef, value: unknown): string {
  const formatter = column.valueFormatter;
  if (typeof formatter === 'function') {
    return (formatter as (p: { value: unknown }) => string)({ value });
  }
  return typeof value === 'number' || typeof value === 'string' ? String(value) : '';
}

/** The width of the column's widest formatted cell among `rows` (0 for none). */
function widestCell(
  column: ColDef,
  field: string,
  rows: readonly Record<string, unknown>[],
  measure: TextMeasure,
): number {
  let widest = 0;
  for (const row of rows) widest = Math.max(widest, measure(formatted(column, row[field])));
  return widest;
}

/**
 * The grid's columns fitted to `rows`, each measured once in the grid's font:
 * - numeric columns at least as wide as their widest shown value (issue 24: no "1.422.152.166…"):
 *   `minWidth` (and a fixed `width` below it) raised to the widest formatted cell plus the cell's
 *   padding;
 * - wrapping only where a cell can wrap (decision 0088): a text column that wraps and grows its
 *   rows (`wrapText` and `autoHeight`, decision 0080) keeps them only if one of `rows` is wider,
 *   with the cell's padding, than the column's `minWidth`. A column is never narrower than that
 *   (flex and a user's resizing stop there), so below it every cell stays on one line, and AG Grid
 *   need not measure the height of each cell as it draws it: that measuring was a quarter of the
 *   result screens' rendering time. A column without a `minWidth` keeps its wrapping.
 * Other columns are returned as they are.
 */
export function fitColumns(
  columns: readonly ColDef[],
  rows: readonly Record<string, unknown>[],
  measure: TextMeasure,
): ColDef[] {
  return columns.map((column) => {
    const field = column.field;
    if (field === undefined) return column;
    if (isNumericColumn(column)) {
      const widest = widestCell(column, field, rows, measure);
      if (widest === 0) return column;
      const needed = Math.ceil(widest) + CELL_CHROME_PX;
      const fitted: ColDef = { ...column, minWidth: Math.max(column.minWidth ?? 0, needed) };
      if (column.width !== undefined && column.width < needed) fitted.width = needed;
      return fitted;
    }
    if (column.autoHeight !== true || column.minWidth === undefined) return column;
    if (widestCell(column, field, rows, measure) > column.minWidth - CELL_CHROME_PX) return column;
    return { ...column, wrapText: false, autoHeight: false };
  });
}

/** Average advance of a digit or separator at the grid's 12 px font, when no canvas measures. */
const FALLBACK_CHAR_PX = 7.5;

/**
 * A measure of the grid's 12 px text on a canvas, in the page's font; a per-character estimate
 * where there is no canvas (tests).
 */
export function gridTextMeasure(fontFamily: string): TextMeasure {
  const context =
    typeof document === 'undefined' ? null : safeContext(document.createElement('canvas'));
  if (context === null) return (text) => text.length * FALLBACK_CHAR_PX;
  context.font = `12px ${fontFamily}`;
  return (text) => context.measureText(text).width;
}

function safeContext(canvas: HTMLCanvasElement): CanvasRenderingContext2D | null {
  try {
    return canvas.getContext('2d');
  } catch {
    return null;
  }
}
