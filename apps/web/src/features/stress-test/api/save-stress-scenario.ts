import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  StressScenarioSchema,
  type StressScenario,
  type StressScenarioRequest,
} from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { stressScenariosKey } from './get-stress-scenarios.ts';

/** POST stress-scenarios (new) or PUT stress-scenarios/{id} (edit). */
export async function saveStressScenario({
  request,
  id,
}: {
  request: StressScenarioRequest;
  id: number | null;
}): Promise<StressScenario> {
  const saved =
    id === null
      ? await api.post<unknown>('stress-scenarios', request)
      : await api.put<unknown>(`stress-scenarios/${id}`, request);
  return StressScenarioSchema.parse(saved);
}

export function useSaveStressScenario() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveStressScenario,
    onSuccess: () => client.invalidateQueries({ queryKey: stressScenariosKey }),
  });
}
