import { CORRELATION_BASIS_LABELS } from '@fonrisk/contracts';
import {
  inputLabel,
  inputNumber,
  parameterText,
} from '../../analysis-runs/components/method-text.ts';
import { defineResultScreen } from '../../analysis-runs/components/result-screen.tsx';
import { RISK_GRAPHIC_MESSAGES as M } from '../messages.ts';
import { RiskGraphicResultView } from './risk-graphic-result-view.tsx';

/** The 'risk-graphic' result (shown on its run screen, which lists its own runs). */
export const riskGraphicResultScreen = defineResultScreen({
  analysisType: 'risk-graphic',
  subtitle: M.resultSubtitle,
  describeInputs: (inputs) => {
    const basis = inputLabel(inputs, 'correlationBasis', CORRELATION_BASIS_LABELS);
    // The number of positions matters only to the positions' correlation.
    const top =
      inputs['correlationBasis'] === 'positions' ? inputNumber(inputs, 'topPositions') : null;
    return parameterText([
      basis === null ? null : M.correlationShort(basis),
      top === null ? null : M.topPositionsShort(top),
    ]);
  },
  View: RiskGraphicResultView,
});
