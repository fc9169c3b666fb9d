import { queryOptions, useQuery } from '@tanstack/react-query';
import { VarSettingsResponseSchema, type VarSettingsResponse } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

export const varSettingsKey = ['var-settings'] as const;

/** GET var-settings: the Module 1 defaults and per-portfolio limits (`updatedAt` null: SPK defaults). */
export async function getVarSettings(): Promise<VarSettingsResponse> {
  return VarSettingsResponseSchema.parse(await api.get<unknown>('var-settings'));
}

export const varSettingsQuery = () =>
  queryOptions({ queryKey: varSettingsKey, queryFn: getVarSettings, staleTime: 60_000 });

export function useVarSettings() {
  return useQuery(varSettingsQuery());
}
