import { useState, type ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import {
  VAR_SETTINGS_DEFAULTS,
  type AnalysisInputsRequest,
  type AnalysisType,
  type Run,
  type VarSettings,
} from '@fonrisk/contracts';
import { submissionFieldErrors } from '../../../lib/field-errors.ts';
import { useCreateRun } from '../api/create-run.ts';
import { useVarSettings } from '../api/get-var-settings.ts';

export type Validation<I, F extends string> =
  | { readonly ok: true; readonly inputs: I }
  | { readonly ok: false; readonly errors: Partial<Record<F, string>> };

/**
 * A run form's state: the inputs, their errors, and the run the screen follows (the last one
 * started). `submit` validates with the contract schema first and only then creates the run.
 */
export function useRunForm<T extends AnalysisType, S extends object, F extends string>(
  analysisType: T,
  initial: () => S,
  validate: (state: S) => Validation<AnalysisInputsRequest<T>, F>,
) {
  const [state, setState] = useState<S>(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [runId, setRunId] = useState<string | null>(null);
  const create = useCreateRun(analysisType);
  const submit = (): void => {
    const checked = validate(state);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    create.mutate(checked.inputs, {
      onSuccess: (run) => setRunId(run.id),
      // Refused at submission (no run was made): the reason under its field, beside the toast.
      onError: (error) => setErrors(submissionFieldErrors<F>(error) ?? {}),
    });
  };
  const change = (patch: Partial<S>): void => setState((s) => ({ ...s, ...patch }));
  /** Follows another run from now on (a rerun started from the status card). */
  const follow = (run: Run): void => setRunId(run.id);
  return { analysisType, state, change, errors, runId, follow, submit, pending: create.isPending };
}

/** What a run screen needs of its form: submitting it, which run to follow, and how to switch to another. */
export interface RunFormHandle<T extends AnalysisType> {
  readonly analysisType: T;
  readonly runId: string | null;
  readonly follow: (run: Run) => void;
  readonly submit: () => void;
  readonly pending: boolean;
}

/** Renders its children once the VaR settings are read (or fall back to the SPK defaults). */
export function WithVarSettings({
  children,
}: {
  children: (settings: VarSettings, fromStore: boolean) => ReactNode;
}) {
  const settings = useVarSettings();
  if (settings.isPending)
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  return children(settings.data?.settings ?? VAR_SETTINGS_DEFAULTS, settings.isSuccess);
}
