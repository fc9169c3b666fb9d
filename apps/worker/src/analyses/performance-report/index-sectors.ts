// The sector segments of an index-composite benchmark (the equity part, by capitalisation).
import { type BenchmarkSegment } from './attribution.ts';
import { type IndexConstituent } from './performance-data.ts';

/**
 * Sector segments of the equity part of an index-composite benchmark over [d0, d1]: each equity
 * component's start weight (renormalised over the equity components) split over its constituents
 * by capitalisation (price × shares on d0), each constituent returning its price change; grouped
 * by the constituents' sectors. Constituents without a price on or before d0 are left out.
 */
export function indexSectorSegments(
  components: readonly { weight: number; constituents: readonly IndexConstituent[] }[],
  d0: string,
  d1: string,
): BenchmarkSegment[] {
  const total = components.reduce((s, c) => s + c.weight, 0);
  const bySector = new Map<string, { w: number; wr: number }>();
  for (const c of components) {
    const priced = c.constituents.flatMap((x) => {
      const i0 = indexOnOrBefore(x.prices.dates, d0);
      const i1 = indexOnOrBefore(x.prices.dates, d1);
      if (i0 < 0 || i1 < 0) return [];
      const p0 = x.prices.values[i0]!;
      return p0 > 0 ? [{ x, cap: p0 * x.shares, r: x.prices.values[i1]! / p0 - 1 }] : [];
    });
    const caps = priced.reduce((s, p) => s + p.cap, 0);
    if (!(caps > 0) || !(total > 0)) continue;
    for (const p of priced) {
      const w = (c.weight / total) * (p.cap / caps);
      const sector = p.x.sector ?? 'Sektörü tanımsız';
      const row = bySector.get(sector) ?? { w: 0, wr: 0 };
      row.w += w;
      row.wr += w * p.r;
      bySector.set(sector, row);
    }
  }
  return [...bySector.entries()].map(([segment, v]) => ({
    segment,
    weight: v.w,
    return: v.w !== 0 ? v.wr / v.w : 0,
  }));
}

/** Index of the last date ≤ d in an ascending list, or −1. */
export function indexOnOrBefore(dates: readonly string[], d: string): number {
  let lo = 0;
  let hi = dates.length - 1;
  let out = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (dates[mid]! <= d) {
      out = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return out;
}
