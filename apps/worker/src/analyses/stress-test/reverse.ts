// Reverse stress (Rehber §7.6.5): the smallest uniform shock of the equity index, of every
// foreign currency against TRY, or of the TL rates in parallel, that costs a fund a given share
// of its NAV.
import { STRESS_RATE_SHIFT_BP, type StressTestResult } from '@fonrisk/contracts';
import { hypotheticalMove } from './moves.ts';
import { type FundMarket, totalPnl } from './revalue.ts';

/** The ends of a search, one each way from no shock: [down, up], in the shock's own unit. */
type SearchRange = readonly [down: number, up: number];

/** A uniform equity or FX move, as a fraction: down to −99 %, up to +300 %. */
const RETURN_RANGE: SearchRange = [-0.99, 3];
/** A parallel TL rate shift, bp: the range a scenario can state. */
const RATE_RANGE: SearchRange = [STRESS_RATE_SHIFT_BP.min, STRESS_RATE_SHIFT_BP.max];

/**
 * Reverse stress: the smallest |s| with s in [down, 0) or (0, up] such that the uniform shock s
 * loses at least `loss` (TRY); each direction scanned on a grid of 60 steps, the first crossing
 * refined by 40 bisection steps. Null when no such shock exists on the grid.
 */
export function smallestShock(
  pnlOf: (s: number) => number,
  loss: number,
  range: SearchRange = RETURN_RANGE,
): number | null {
  let best: number | null = null;
  for (const limit of range) {
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

/** A shift in bp to the whole bp away from zero: the unit a scenario states its shifts in. */
const wholeBpAwayFromZero = (bp: number): number => Math.sign(bp) * Math.ceil(Math.abs(bp));

/**
 * The smallest equity and FX shocks (fractions) and parallel TL rate shift (whole bp) that cost
 * the fund `lossShare` of its NAV, each null when none within its range loses that much; every
 * candidate priced by a full revaluation (`totalPnl`).
 */
export function reverseShocks(
  fund: FundMarket,
  nav: number,
  lossShare: number,
): Pick<StressTestResult['reverse'][number], 'equityShock' | 'fxShock' | 'rateShiftBp'> {
  const { market, ctx } = fund;
  const loss = lossShare * nav;
  const uniform = (shocks: Parameters<typeof hypotheticalMove>[0]): number =>
    totalPnl(fund, hypotheticalMove(shocks, market, ctx, false));
  const foreign = [...market.fx.keys()].filter((c) => c !== 'TRY');
  const rateShift = smallestShock((bp) => uniform({ parallelBp: bp }), loss, RATE_RANGE);
  return {
    equityShock: smallestShock((s) => uniform({ equityPct: s * 100 }), loss),
    fxShock:
      foreign.length === 0
        ? null
        : smallestShock(
            (s) => uniform({ fxPct: Object.fromEntries(foreign.map((c) => [c, s * 100])) }),
            loss,
          ),
    rateShiftBp: rateShift === null ? null : wholeBpAwayFromZero(rateShift),
  };
}
