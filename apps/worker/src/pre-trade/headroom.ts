// Headroom search (decision 0064): the largest trade in one instrument before the first limit
// breaks. The checks are step functions of the amount with no closed form shared by all (VaR is a
// quantile, concentration a maximum over keys), so the search scans a grid from 0 to the cap and
// bisects the first step that breaks a limit; a limit broken at the grid's first step is still found.

/** Grid steps between 0 and the cap before bisecting. */
export const HEADROOM_GRID = 8;

export interface HeadroomSearch<L> {
  /** The largest amount at which no limit breaks (the cap when none breaks up to it). */
  readonly max: number;
  /** The limit that breaks just above `max`; null when none breaks up to the cap. */
  readonly limit: L | null;
}

/**
 * Searches [0, cap] for the first amount at which `breakAt` names a broken limit. `tolerance` is
 * the precision in the amount's unit; `max` is always an amount where nothing breaks.
 */
export function searchHeadroom<L>(
  breakAt: (amount: number) => L | null,
  cap: number,
  tolerance: number,
): HeadroomSearch<L> {
  if (!(cap > 0)) return { max: 0, limit: null };
  let lo = 0;
  let hi = cap;
  let broken: L | null = null;
  for (let k = 1; k <= HEADROOM_GRID; k++) {
    const x = (cap * k) / HEADROOM_GRID;
    const b = breakAt(x);
    if (b !== null) {
      hi = x;
      broken = b;
      break;
    }
    lo = x;
  }
  if (broken === null) return { max: cap, limit: null };
  while (hi - lo > tolerance) {
    const mid = (lo + hi) / 2;
    const b = breakAt(mid);
    if (b !== null) {
      hi = mid;
      broken = b;
    } else lo = mid;
  }
  return { max: lo, limit: broken };
}
