import type { StressTestResult } from '@fonrisk/contracts';
import { formatNumber } from '../../../lib/format.ts';
import { formatPct } from '../../analysis-runs/components/format.ts';
import { STRESS_MESSAGES as M } from '../messages.ts';

/**
 * The reverse stress's figure: its equity, FX and rate shocks, each "yok" when none loses that
 * much; the rate "–" in a result stored before the rate search (engine before 0.4.0).
 */
export function reverseText(r: StressTestResult['reverse'][number]): string {
  const pct = (v: number | null) => (v === null ? M.none : formatPct(v));
  const rate =
    r.rateShiftBp === undefined
      ? '–'
      : r.rateShiftBp === null
        ? M.none
        : M.bp(`${r.rateShiftBp > 0 ? '+' : ''}${formatNumber(r.rateShiftBp, 0)}`);
  return `${pct(r.equityShock)} / ${pct(r.fxShock)} / ${rate}`;
}
