// Reverse stress (Rehber §7.6.5): the smallest uniform shock of the equity index, or of every
// foreign currency against TRY, that costs a fund a given share of its NAV.
import { hypotheticalMove } from './moves.ts';
import { type FundMarket, totalPnl } from './revalue.ts';

/**
 * Reverse stress: the smallest |s| in (0, limit] such that the uniform shock s (of the equity
 * index, or of every foreign currency against TRY) loses at least `loss` (TRY); each direction
 * scanned on a grid, the first crossing refined by bisection. Null when no such shock exists.
 */
export function smallestShock(pnlOf: (s: number) => number, loss: number): number | null {
  let best: number | null = null;
  for (const limit of [-0.99, 3]) {
    const steps = 60;
    let prev = 0;
    for (let k = 1; k <= steps; k++) {
      const s = (limit * k) / steps;
      if (pnlOf(s) <= -loss) {
        let lo = prev;
        let hi = s;
        for (let it = 0; it < 40; it++) {
          const mid = (lo + hi) / 2;
          if (pnlOf(mid) <= -loss) hi = mid;
          else lo = mid;
        }
        if (best === null || Math.abs(hi) < Math.abs(best)) best = hi;
        break;
      }
      prev = s;
    }
  }
  return best;
}

/**
 * The smallest equity and FX shocks (fractions; null when none within the grid loses that much)
 * that cost the fund `lossShare` of its NAV, each priced by a full revaluation (`totalPnl`).
 */
export function reverseShocks(
  fund: FundMarket,
  nav: number,
  lossShare: number,
): { equityShock: number | null; fxShock: number | null } {
  const { market, ctx } = fund;
  const loss = lossShare * nav;
  const uniform = (shocks: Parameters<typeof hypotheticalMove>[0]): number =>
    totalPnl(fund, hypotheticalMove(shocks, market, ctx, false));
  const foreign = [...market.fx.keys()].filter((c) => c !== 'TRY');
  return {
    equityShock: smallestShock((s) => uniform({ equityPct: s * 100 }), loss),
    fxShock:
      foreign.length === 0
        ? null
        : smallestShock(
            (s) => uniform({ fxPct: Object.fromEntries(foreign.map((c) => [c, s * 100])) }),
            loss,
          ),
  };
}
