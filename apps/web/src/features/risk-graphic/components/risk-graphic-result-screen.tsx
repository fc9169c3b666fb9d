import { defineResultScreen } from '../../analysis-runs/components/result-screen.tsx';
import { formatDate } from '../../../lib/format.ts';
import { RISK_GRAPHIC_MESSAGES as M } from '../messages.ts';
import { RiskGraphicResultView } from './risk-graphic-result-view.tsx';

const date = (v: unknown): string => (typeof v === 'string' ? formatDate(v) : '–');

/** The 'risk-graphic' result (shown on its run screen, which lists its own runs). */
export const riskGraphicResultScreen = defineResultScreen({
  analysisType: 'risk-graphic',
  subtitle: M.resultSubtitle,
  describeInputs: (inputs) => {
    const codes = Array.isArray(inputs['portfolioCodes'])
      ? inputs['portfolioCodes'].join(', ')
      : '–';
    return `${codes} · ${date(inputs['fromDate'])} – ${date(inputs['toDate'])}`;
  },
  View: RiskGraphicResultView,
});
