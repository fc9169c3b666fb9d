import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  RunCreatedSchema,
  type AnalysisType,
  type CreateRunRequestOf,
  type RunCreated,
} from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { toastStore } from '../../../lib/toast.ts';
import { storeRun } from './run-cache.ts';

/** POST analyses/runs { analysisType, inputs }: the new run, queued, with its data warnings. */
export async function createRun<T extends AnalysisType>(
  request: CreateRunRequestOf<T>,
): Promise<RunCreated> {
  return RunCreatedSchema.parse(await api.post<unknown>('analyses/runs', request));
}

/** How many data warnings a toast lists by name. */
const LISTED_WARNINGS = 3;

/** The toast of a run that started despite data warnings (issue 26), or null without any. */
export function dataWarningsText(warnings: readonly { readonly message: string }[]): string | null {
  if (warnings.length === 0) return null;
  const listed = warnings.slice(0, LISTED_WARNINGS).map((w) => w.message);
  const rest = warnings.length - listed.length;
  return `Analiz başladı; veri uyarıları: ${listed.join(' ')}${rest > 0 ? ` (ve ${String(rest)} uyarı daha; Ana Sayfa’daki veri kalitesi görünümüne bakın)` : ''}`;
}

/** Starts a run of `analysisType`; the run is cached at once and the lists of its type reload. */
export function useCreateRun<T extends AnalysisType>(analysisType: T) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (inputs: CreateRunRequestOf<T>['inputs']) => createRun({ analysisType, inputs }),
    onSuccess: (run) => {
      storeRun(client, run);
      const text = dataWarningsText(run.dataWarnings);
      if (text !== null) toastStore.show('info', text);
    },
  });
}
