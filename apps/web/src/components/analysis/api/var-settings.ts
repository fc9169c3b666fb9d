import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { VarSettingsResponseSchema, type VarSettings, type VarSettingsResponse } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

export const varSettingsKey = ['var-settings'] as const;

/** GET var-settings: the Module 1 defaults and per-portfolio limits (`updatedAt` null: SPK defaults). */
export async function getVarSettings(): Promise<VarSettingsResponse> {
  return VarSettingsResponseSchema.parse(await api.get<unknown>('var-settings'));
}

/** PUT var-settings: replaces the whole settings document. */
export async function saveVarSettings(settings: VarSettings): Promise<VarSettingsResponse> {
  return VarSettingsResponseSchema.parse(await api.put<unknown>('var-settings', settings));
}

export const varSettingsQuery = () => queryOptions({ queryKey: varSettingsKey, queryFn: getVarSettings, staleTime: 60_000 });

export function useVarSettings() {
  return useQuery(varSettingsQuery());
}

export function useSaveVarSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveVarSettings,
    onSuccess: (saved) => client.setQueryData(varSettingsKey, saved),
  });
}
