import { inputCodes, inputDate } from '../../analysis-runs/components/method-text.ts';
import { defineResultScreen } from '../../analysis-runs/components/result-screen.tsx';
import { RISK_GRAPHIC_MESSAGES as M } from '../messages.ts';
import { RiskGraphicResultView } from './risk-graphic-result-view.tsx';

/** The 'risk-graphic' result (shown on its run screen, which lists its own runs). */
export const riskGraphicResultScreen = defineResultScreen({
  analysisType: 'risk-graphic',
  subtitle: M.resultSubtitle,
  describeInputs: (inputs) =>
    `${inputCodes(inputs)} · ${inputDate(inputs, 'fromDate')} – ${inputDate(inputs, 'toDate')}`,
  View: RiskGraphicResultView,
});
