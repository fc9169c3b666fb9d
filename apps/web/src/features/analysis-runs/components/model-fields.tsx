import { Grid, NumberInput, Select } from '@mantine/core';
import {
  MEAN_HANDLING_LABELS,
  VAR_METHODS,
  type MeanHandling,
  type HorizonScaling,
  type VarMethod,
  type VarSettings,
  fractionToPercent,
  percentToFraction,
} from '@fonrisk/contracts';
import { METHOD_EXPLANATIONS, methodLabel } from './method-text.ts';
import { toNumber } from '../../../components/forms/field-values.ts';

/** The VaR model choices shared by the VaR, backtest and incremental VaR forms ('' while empty). */
export interface ModelState {
  readonly method: VarMethod;
  /** Percent, e.g. 99. */
  readonly confidencePct: number | '';
  readonly windowDays: number | '';
  readonly lambda: number | '';
  readonly draws: number | '';
  readonly seed: number | '';
  readonly mean: MeanHandling;
}

export type ModelErrors = Partial<
  Record<'method' | 'confidenceLevel' | 'windowDays' | 'lambda' | 'draws' | 'seed', string>
>;

export function initialModel(settings: VarSettings): ModelState {
  return {
    method: settings.method,
    confidencePct: fractionToPercent(settings.confidenceLevel),
    windowDays: settings.windowDays,
    lambda: settings.ewmaLambda,
    draws: settings.monteCarloDraws,
    seed: settings.monteCarloSeed,
    mean: settings.mean,
  };
}

const MEAN_OPTIONS = (['include', 'exclude'] as const).map((value) => ({
  value,
  label: MEAN_HANDLING_LABELS[value],
}));

export const optionalNumber = (v: number | ''): number | undefined => (v === '' ? undefined : v);

/** The model inputs of a run: λ only for EWMA, draws and seed only for Monte Carlo, confidence as a fraction. */
export function modelInputsOf(s: ModelState): Record<string, unknown> {
  const confidence = optionalNumber(s.confidencePct);
  return {
    method: s.method,
    confidenceLevel: confidence === undefined ? undefined : percentToFraction(confidence),
    windowDays: optionalNumber(s.windowDays),
    mean: s.mean,
    ...(s.method === 'ewma' ? { lambda: optionalNumber(s.lambda) } : {}),
    ...(s.method === 'montecarlo'
      ? { draws: optionalNumber(s.draws), seed: optionalNumber(s.seed) }
      : {}),
  };
}

/** Fields the contract leaves optional but the forms require (the user sees what is sent). */
export function missingModelFields(s: ModelState): ModelErrors {
  const errors: ModelErrors = {};
  if (s.confidencePct === '') errors.confidenceLevel = 'güven düzeyi gerekli';
  if (s.windowDays === '') errors.windowDays = 'gözlem süresi gerekli';
  return errors;
}

export const MODEL_LABELS = {
  method: 'Yöntem',
  confidence: 'Güven düzeyi',
  window: 'Gözlem süresi (iş günü)',
  lambda: 'EWMA lambda (λ)',
  draws: 'Monte Carlo senaryo sayısı',
  seed: 'Tohum değeri',
  mean: 'Ortalama',
} as const;

/** Method (explained), its parameter (λ, or draws and seed), confidence and observation window. */
export function ModelFields({
  state,
  onChange,
  errors,
}: {
  state: ModelState;
  onChange: (patch: Partial<ModelState>) => void;
  errors: ModelErrors;
}) {
  return (
    <>
      <Select
        label={MODEL_LABELS.method}
        data={VAR_METHODS.map((m) => ({
          value: m,
          label: methodLabel(m, m === 'ewma' ? toNumber(state.lambda) || 0.94 : null),
        }))}
        value={state.method}
        onChange={(v) => v && onChange({ method: v as VarMethod })}
        allowDeselect={false}
        description={METHOD_EXPLANATIONS[state.method]}
        error={errors.method}
        comboboxProps={{ withinPortal: true }}
      />
      {state.method === 'ewma' && (
        <NumberInput
          label={MODEL_LABELS.lambda}
          value={state.lambda}
          onChange={(v) => onChange({ lambda: toNumber(v) })}
          decimalSeparator=","
          min={0.5}
          max={0.999}
          step={0.01}
          decimalScale={4}
          error={errors.lambda}
        />
      )}
      {state.method === 'montecarlo' && (
        <Grid gutter="sm">
          <Grid.Col span={6}>
            <NumberInput
              label={MODEL_LABELS.draws}
              value={state.draws}
              onChange={(v) => onChange({ draws: toNumber(v) })}
              thousandSeparator="."
              decimalSeparator=","
              allowDecimal={false}
              step={1000}
              error={errors.draws}
            />
          </Grid.Col>
          <Grid.Col span={6}>
            <NumberInput
              label={MODEL_LABELS.seed}
              value={state.seed}
              onChange={(v) => onChange({ seed: toNumber(v) })}
              allowDecimal={false}
              error={errors.seed}
            />
          </Grid.Col>
        </Grid>
      )}
      <Grid gutter="sm">
        <Grid.Col span={6}>
          <NumberInput
            label={MODEL_LABELS.confidence}
            prefix="%"
            value={state.confidencePct}
            onChange={(v) => onChange({ confidencePct: toNumber(v) })}
            decimalSeparator=","
            decimalScale={2}
            min={80}
            max={99.99}
            error={errors.confidenceLevel}
          />
        </Grid.Col>
        <Grid.Col span={6}>
          <NumberInput
            label={MODEL_LABELS.window}
            value={state.windowDays}
            onChange={(v) => onChange({ windowDays: toNumber(v) })}
            allowDecimal={false}
            min={20}
            max={2500}
            error={errors.windowDays}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Select
            label={MODEL_LABELS.mean}
            data={MEAN_OPTIONS}
            value={state.mean}
            onChange={(v) => {
              if (v === 'include' || v === 'exclude') onChange({ mean: v });
            }}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        </Grid.Col>
      </Grid>
    </>
  );
}

const SCALING_OPTIONS = [
  { value: 'sqrtTime', label: 'Zamanın karekökü' },
  { value: 'overlapping', label: 'Örtüşen h günlük getiriler' },
] satisfies { value: HorizonScaling; label: string }[];

/** The horizon scaling rule (square root of time, or overlapping h-day returns). */
export function ScalingSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: HorizonScaling;
  onChange: (v: HorizonScaling) => void;
}) {
  return (
    <Select
      label={label}
      data={SCALING_OPTIONS}
      value={value}
      onChange={(v) => v && onChange(v as HorizonScaling)}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
