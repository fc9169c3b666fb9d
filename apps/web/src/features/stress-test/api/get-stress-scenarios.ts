import { queryOptions, useQuery } from '@tanstack/react-query';
import { StressScenarioSchema, type StressScenario } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

export const stressScenariosKey = ['stress-scenarios'] as const;

/** GET stress-scenarios: the scenario library (shipped and user scenarios). */
export async function getStressScenarios(): Promise<StressScenario[]> {
  return StressScenarioSchema.array().parse(await api.get<unknown>('stress-scenarios'));
}

export const stressScenariosQuery = queryOptions({
  queryKey: [...stressScenariosKey, 'list'],
  queryFn: getStressScenarios,
});

export function useStressScenarios() {
  return useQuery(stressScenariosQuery);
}
