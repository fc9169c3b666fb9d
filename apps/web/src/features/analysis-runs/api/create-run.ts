import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  RunSchema,
  type AnalysisType,
  type CreateRunRequestOf,
  type Run,
} from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { storeRun } from './run-cache.ts';

/** POST analyses/runs { analysisType, inputs }: the new run, queued. */
export async function createRun<T extends AnalysisType>(
  request: CreateRunRequestOf<T>,
): Promise<Run> {
  return RunSchema.parse(await api.post<unknown>('analyses/runs', request));
}

/** Starts a run of `analysisType`; the run is cached at once and the lists of its type reload. */
export function useCreateRun<T extends AnalysisType>(analysisType: T) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (inputs: CreateRunRequestOf<T>['inputs']) => createRun({ analysisType, inputs }),
    onSuccess: (run) => storeRun(client, run),
  });
}
