import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  VarSettingsResponseSchema,
  type VarSettings,
  type VarSettingsResponse,
} from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { varSettingsKey } from './get-var-settings.ts';

/** PUT var-settings: replaces the whole settings document. */
export async function saveVarSettings(settings: VarSettings): Promise<VarSettingsResponse> {
  return VarSettingsResponseSchema.parse(await api.put<unknown>('var-settings', settings));
}

export function useSaveVarSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveVarSettings,
    onSuccess: (saved) => client.setQueryData(varSettingsKey, saved),
  });
}
