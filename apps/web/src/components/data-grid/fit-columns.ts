import type { ColDef } from 'ag-grid-community';

/** Measures the width in pixels of one line of grid text. */
export type TextMeasure = (text: string) => number;

/** Both cell paddings and the cell border of the grid theme (spacing 5), with a little spare. */
export const CELL_CHROME_PX = 36;

/**
 * A header cell's two 10 px paddings, its 16 px filter button with its gap and the sort arrow it
 * shows once sorted (measured in Chromium: a 110 px header has 68 px of room for its text).
 */
export const HEADER_CHROME_PX = 60;

/** The least width of a column whose text wraps: three or four words a line, not one. */
export const WRAP_MIN_PX = 180;

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

/**
 * The widest of the column's formatted cells among `rows` (0 for none), each measured by `width`
 * (the whole text, or its widest word).
 */
function widestCell(
  column: ColDef,
  field: string,
  rows: readonly Record<string, unknown>[],
  width: TextMeasure,
): number {
  let widest = 0;
  for (const row of rows) widest = Math.max(widest, width(formatted(column, row[field])));
  return widest;
}

/** The width of the widest word of `text` (0 for none): where a wrapped line cannot break. */
function widestWord(text: string, measure: TextMeasure): number {
  let widest = 0;
  for (const word of text.split(/\s+/)) if (word) widest = Math.max(widest, measure(word));
  return widest;
}

/** `column` at least `floor` wide: its `minWidth` raised, and a fixed `width` below it too. */
function atLeast(column: ColDef, floor: number): ColDef {
  const needed = Math.ceil(floor);
  if ((column.minWidth ?? 0) >= needed && (column.width === undefined || column.width >= needed))
    return column;
  const fitted: ColDef = { ...column, minWidth: Math.max(column.minWidth ?? 0, needed) };
  if (column.width !== undefined && column.width < needed) fitted.width = needed;
  return fitted;
}

/**
 * The grid's columns fitted to `rows`, each measured once in the grid's font (`measure` for
 * cells, `headerMeasure` for the bold headers):
 * - no word is broken (decision 0089): every column is at least as wide as its header's widest
 *   word plus the header's paddings, filter button and sort arrow ("Christoffers / en" was a
 *   110 px column), and a wrapping text column as wide as the widest word of its values;
 * - numeric columns at least as wide as their widest shown value (issue 24: no "1.422.152.166…"):
 *   `minWidth` (and a fixed `width` below it) raised to the widest formatted cell plus the cell's
 *   padding;
 * - wrapping only where a cell can wrap (decision 0088): a text column that wraps and grows its
 *   rows (`wrapText` and `autoHeight`, decision 0080) keeps them only if one of `rows` is wider,
 *   with the cell's padding, than the column's `minWidth`. A column is never narrower than that
 *   (flex and a user's resizing stop there), so below it every cell stays on one line, and AG Grid
 *   need not measure the height of each cell as it draws it: that measuring was a quarter of the
 *   result screens' rendering time. A column without a `minWidth` keeps its wrapping;
 * - a column that keeps its wrapping is at least `WRAP_MIN_PX` wide (or as wide as its widest
 *   value, if less): a sentence in a 130 px column made rows five lines tall (decision 0089).
 */
export function fitColumns(
  columns: readonly ColDef[],
  rows: readonly Record<string, unknown>[],
  measure: TextMeasure,
  headerMeasure: TextMeasure = measure,
): ColDef[] {
  return columns.map((original) => {
    const header = original.headerName;
    const column =
      header === undefined
        ? original
        : atLeast(original, widestWord(header, headerMeasure) + HEADER_CHROME_PX);
    const field = column.field;
    if (field === undefined) return column;
    if (isNumericColumn(column)) {
      const widest = widestCell(column, field, rows, measure);
      return widest === 0 ? column : atLeast(column, widest + CELL_CHROME_PX);
    }
    if (column.autoHeight !== true || column.minWidth === undefined) return column;
    const widest = widestCell(column, field, rows, measure);
    if (widest > column.minWidth - CELL_CHROME_PX) {
      const longestWord =
        widestCell(column, field, rows, (text) => widestWord(text, measure)) + CELL_CHROME_PX;
      return atLeast(column, Math.max(longestWord, Math.min(widest + CELL_CHROME_PX, WRAP_MIN_PX)));
    }
    return { ...column, wrapText: false, autoHeight: false };
  });
}

/** Average advance of a digit or separator at the grid's 12 px font, when no canvas measures. */
const FALLBACK_CHAR_PX = 7.5;

/**
 * A measure of the grid's 12 px text on a canvas, in the page's font and `weight` (600: the
 * headers'); a per-character estimate where there is no canvas (tests).
 */
export function gridTextMeasure(fontFamily: string, weight = 400): TextMeasure {
  const context =
    typeof document === 'undefined' ? null : safeContext(document.createElement('canvas'));
  if (context === null) return (text) => text.length * FALLBACK_CHAR_PX;
  context.font = `${weight} 12px ${fontFamily}`;
  return (text) => context.measureText(text).width;
}

function safeContext(canvas: HTMLCanvasElement): CanvasRenderingContext2D | null {
  try {
    return canvas.getContext('2d');
  } catch {
    return null;
  }
}
