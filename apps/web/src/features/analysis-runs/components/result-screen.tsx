import { useMemo, type ComponentType } from 'react';
import { Alert } from '@mantine/core';
import {
  ANALYSIS_TYPES,
  type AnalysisResult,
  type AnalysisType,
  type Run,
} from '@fonrisk/contracts';
import { ANALYSIS_MESSAGES } from '../messages.ts';
import { RunProvenance } from './run-provenance.tsx';

/** What a result view receives: the run and its result, already checked against the type's schema. */
export interface ResultViewProps<T extends AnalysisType> {
  readonly run: Run;
  readonly result: AnalysisResult<T>;
}

/**
 * The web side of analysis type T, defined once in its feature's `<type>-result-screen.tsx`:
 * the run screen (after a run) and the result screen (an opened run) both render `View`.
 */
export interface ResultScreen<T extends AnalysisType> {
  readonly analysisType: T;
  /** Subtitle of the result screen. */
  readonly subtitle: string;
  /**
   * Short text of a run's parameters for the run list (method, confidence...): never the
   * portfolios or dates, which the list shows in its own columns (`parameterText`).
   */
  readonly describeInputs: (inputs: Record<string, unknown>) => string;
  readonly View: ComponentType<ResultViewProps<T>>;
}

/** Identity that keeps T, so `View` is checked against the result type of the contract. */
export function defineResultScreen<T extends AnalysisType>(
  screen: ResultScreen<T>,
): ResultScreen<T> {
  return screen;
}

/** A done run's result through its screen's view, or a message when it does not match the contract. */
export function RunResult<T extends AnalysisType>({
  screen,
  run,
}: {
  readonly screen: ResultScreen<T>;
  readonly run: Run;
}) {
  const schema = ANALYSIS_TYPES[screen.analysisType].resultSchema;
  const parsed = useMemo(() => schema.safeParse(run.result), [schema, run.result]);
  if (!parsed.success) return <Alert color="red">{ANALYSIS_MESSAGES.resultInvalid}</Alert>;
  const View = screen.View;
  // The schema is the one of T (ANALYSIS_TYPES[T]); TypeScript sees the union of all types.
  return (
    <>
      <RunProvenance run={run} />
      <View run={run} result={parsed.data as AnalysisResult<T>} />
    </>
  );
}
