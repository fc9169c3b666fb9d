import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  DataQualitySettingsResponseSchema,
  type DataQualitySettings,
  type DataQualitySettingsResponse,
} from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { dataQualityKey } from './get-data-quality.ts';
import { dataQualitySettingsKey } from './get-data-quality-settings.ts';

/** PUT data-quality/settings: replaces the tolerances; the morning view is read again. */
export async function saveDataQualitySettings(
  next: DataQualitySettings,
): Promise<DataQualitySettingsResponse> {
  return DataQualitySettingsResponseSchema.parse(
    await api.put<unknown>('data-quality/settings', next),
  );
}

export function useSaveDataQualitySettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveDataQualitySettings,
    onSuccess: async (saved) => {
      client.setQueryData(dataQualitySettingsKey, saved);
      await client.invalidateQueries({ queryKey: dataQualityKey, exact: true });
    },
  });
}
