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

/**
 * Numeric columns at least as wide as their widest shown value (issue 24: no "1.422.152.166…"):
 * each numeric column's `minWidth` (and a fixed `width` below it) is raised to the widest
 * formatted cell of `rows` plus the cell's padding. Other columns are returned as they are.
 */
export function fitNumericColumns(
  columns: readonly ColDef[],
  rows: readonly Record<string, unknown>[],
  measure: TextMeasure,
): ColDef[] {
  return columns.map((column) => {
    const field = column.field;
    if (!isNumericColumn(column) || field === undefined) return column;
    let widest = 0;
    for (const row of rows) widest = Math.max(widest, measure(formatted(column, row[field])));
    if (widest === 0) return column;
    const needed = Math.ceil(widest) + CELL_CHROME_PX;
    const fitted: ColDef = { ...column, minWidth: Math.max(column.minWidth ?? 0, needed) };
    if (column.width !== undefined && column.width < needed) fitted.width = needed;
    return fitted;
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
