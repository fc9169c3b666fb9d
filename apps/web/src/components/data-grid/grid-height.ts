/** Row and header heights of the grid theme (data-grid-impl.tsx), in pixels. */
export const GRID_ROW_HEIGHT = 30;
export const GRID_HEADER_HEIGHT = 34;
/** Room for a wrapped (two-line) header, the horizontal scrollbar and the borders. */
const CHROME = GRID_HEADER_HEIGHT + 22 + 20;
/** Enough for the "no rows" overlay to read well. */
const MIN_HEIGHT = 160;

/**
 * The height a grid needs to show `rows` body rows and `pinned` totals rows without a large empty
 * band between the last row and the totals, capped at `max` (the grid scrolls past that).
 */
export function fitGridHeight(
  rows: number,
  { pinned = 0, max }: { pinned?: number; max: number },
): number {
  const needed = CHROME + (rows + pinned) * GRID_ROW_HEIGHT;
  return Math.min(max, Math.max(MIN_HEIGHT, needed));
}
