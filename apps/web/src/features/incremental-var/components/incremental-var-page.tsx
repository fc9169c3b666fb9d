import { useState } from 'react';
import { NumberInput, Text } from '@mantine/core';
import { scalingRuleText, type VarSettings } from '@fonrisk/contracts';
import { ModelFields } from '../../analysis-runs/components/model-fields.tsx';
import {
  PortfolioSelect,
  latestDateOf,
  useAnalysisPortfolios,
} from '../../analysis-runs/components/portfolio-select.tsx';
import { ResolvedParametersPreview } from '../../analysis-runs/components/resolved-parameters.tsx';
import { RunScreen } from '../../analysis-runs/components/run-screen.tsx';
import { WithVarSettings, useRunForm } from '../../analysis-runs/components/use-run-form.tsx';
import { DateField } from '../../../components/dates/date-field.tsx';
import { INCREMENTAL_MESSAGES as M } from '../messages.ts';
import {
  incrementalInputsOf,
  initialIncrementalForm,
  validateIncrementalForm,
} from './incremental-form-model.ts';
import { TradeEditor } from './trade-editor.tsx';
import { PreTradeSection } from './pre-trade-section.tsx';

import { incrementalVarResultScreen } from './incremental-var-result-screen.tsx';
/** `incremental-var`: a portfolio on a date, model, and proposed trades -> VaR decomposition and what-if. */
export function IncrementalVarPage() {
  return (
    <>
      <WithVarSettings>{(settings) => <IncrementalScreen settings={settings} />}</WithVarSettings>
      <PreTradeSection />
    </>
  );
}

function IncrementalScreen({ settings }: { settings: VarSettings }) {
  const [tradeErrors, setTradeErrors] = useState<Readonly<Record<number, string>>>({});
  const form = useRunForm(
    'incremental-var',
    () => initialIncrementalForm(settings),
    (s) => {
      const checked = validateIncrementalForm(s);
      setTradeErrors(checked.tradeErrors ?? {});
      return checked;
    },
  );
  const portfolios = useAnalysisPortfolios();
  const { state, change, errors } = form;
  return (
    <RunScreen form={form} messages={M} screen={incrementalVarResultScreen} layout="side">
      <PortfolioSelect
        value={state.portfolioCode}
        onChange={(code) =>
          change({
            portfolioCode: code,
            asOfDate: latestDateOf(portfolios.data, code) ?? state.asOfDate,
          })
        }
        error={errors.portfolioCode}
      />
      <DateField
        label={M.asOfDate}
        value={state.asOfDate}
        onChange={(asOfDate) => change({ asOfDate })}
        error={errors.asOfDate}
      />
      <ModelFields state={state} onChange={change} errors={errors} />
      <NumberInput
        label={M.horizon}
        value={state.horizonDays}
        onChange={(v) => change({ horizonDays: typeof v === 'number' ? v : '' })}
        allowDecimal={false}
        min={1}
        max={250}
        error={errors.horizonDays}
      />
      {typeof state.horizonDays === 'number' && (
        <Text size="sm" c="blue.8" ff="monospace">
          {scalingRuleText(state.horizonDays, state.horizonScaling)}
        </Text>
      )}
      <ResolvedParametersPreview
        inputs={incrementalInputsOf(state)}
        settings={settings}
        portfolioCode={state.portfolioCode}
      />
      <TradeEditor
        portfolioCode={state.portfolioCode}
        asOfDate={state.asOfDate}
        trades={state.trades}
        onChange={(trades) => change({ trades })}
        errors={tradeErrors}
      />
    </RunScreen>
  );
}

/** `incremental-var-result` */
