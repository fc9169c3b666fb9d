import { CONCENTRATION_LIMIT_DEFAULTS, CONCENTRATION_LIMIT_KEYS } from '@fonrisk/contracts';
import { formatPct } from '../../analysis-runs/components/format.ts';
import { inputNumber, parameterText } from '../../analysis-runs/components/method-text.ts';
import { defineResultScreen } from '../../analysis-runs/components/result-screen.tsx';
import { RunResultsPage } from '../../analysis-runs/components/run-results-page.tsx';
import { CONCENTRATION_MESSAGES as M } from '../messages.ts';
import { ConcentrationRiskResultView } from './concentration-risk-result-view.tsx';

/** How many of a run's limits were switched off, and how many were set away from their defaults. */
export function limitChanges(inputs: Record<string, unknown>): { off: number; changed: number } {
  const limits = inputs['limits'];
  let off = 0;
  let changed = 0;
  if (typeof limits !== 'object' || limits === null) return { off, changed };
  for (const key of CONCENTRATION_LIMIT_KEYS) {
    const setting: unknown = (limits as Record<string, unknown>)[key];
    if (typeof setting !== 'object' || setting === null) continue;
    const { enabled, limit, threshold } = setting as Record<string, unknown>;
    const base = CONCENTRATION_LIMIT_DEFAULTS[key];
    if (enabled === false) off += 1;
    else if (limit !== base.limit || (threshold ?? null) !== base.threshold) changed += 1;
  }
  return { off, changed };
}

/** The 'concentration-risk' result screen: used by the run screen and the result screen. */
export const concentrationRiskResultScreen = defineResultScreen({
  analysisType: 'concentration-risk',
  subtitle: M.resultSubtitle,
  describeInputs: (inputs) => {
    const warning = inputNumber(inputs, 'warningUsage');
    const { off, changed } = limitChanges(inputs);
    return parameterText([
      changed > 0 ? M.limitsChanged(changed) : null,
      off > 0 ? M.limitsOff(off) : null,
      warning === null ? null : M.warningUsageShort(formatPct(warning, 0)),
    ]);
  },
  View: ConcentrationRiskResultView,
});

/** `concentration-risk-result`: every concentration run with filters; an opened run shows its result. */
export function ConcentrationRiskResultPage() {
  return <RunResultsPage screen={concentrationRiskResultScreen} />;
}
