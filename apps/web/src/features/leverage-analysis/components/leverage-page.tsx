import { TagsInput } from '@mantine/core';
import { PortfoliosAndDate } from '../../analysis-runs/components/portfolio-select.tsx';
import { RunScreen } from '../../analysis-runs/components/run-screen.tsx';
import { useRunForm } from '../../analysis-runs/components/use-run-form.tsx';
import { LEVERAGE_MESSAGES as M } from '../messages.ts';
import { INITIAL_LEVERAGE_FORM, validateLeverageForm } from './leverage-form-model.ts';

import { leverageResultScreen } from './leverage-result-screen.tsx';
/** `leverage-analysis`: portfolios, date and designated hedges -> commitment and gross exposure. */
export function LeveragePage() {
  const form = useRunForm('leverage', () => INITIAL_LEVERAGE_FORM, validateLeverageForm);
  const { state, change, errors } = form;
  return (
    <RunScreen form={form} messages={M} screen={leverageResultScreen}>
      <PortfoliosAndDate state={state} onChange={change} errors={errors} asOfLabel={M.asOfDate} />
      <TagsInput
        label={M.hedges}
        description={M.hedgesHint}
        value={state.hedgeInstrumentCodes}
        onChange={(hedgeInstrumentCodes) => change({ hedgeInstrumentCodes })}
        error={errors.hedgeInstrumentCodes}
        clearable
      />
    </RunScreen>
  );
}
