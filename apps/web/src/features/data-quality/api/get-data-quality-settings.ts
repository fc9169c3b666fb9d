import { useQuery } from '@tanstack/react-query';
import {
  DataQualitySettingsResponseSchema,
  type DataQualitySettingsResponse,
} from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

export const dataQualitySettingsKey = ['data-quality', 'settings'] as const;

/** GET data-quality/settings: the tolerances of the checks (`updatedAt` null: defaults). */
export async function getDataQualitySettings(): Promise<DataQualitySettingsResponse> {
  return DataQualitySettingsResponseSchema.parse(await api.get<unknown>('data-quality/settings'));
}

export function useDataQualitySettings() {
  return useQuery({ queryKey: dataQualitySettingsKey, queryFn: getDataQualitySettings });
}
