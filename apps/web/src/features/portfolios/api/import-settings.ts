import { useQuery } from '@tanstack/react-query';
import { ImportSettingsSchema, type ImportSettings } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

export const importSettingsKey = ['import-settings'] as const;

/** GET imports/settings: how a file that does not show its number format is read. */
export async function getImportSettings(): Promise<ImportSettings> {
  return ImportSettingsSchema.parse(await api.get<unknown>('imports/settings'));
}

export function useImportSettings() {
  return useQuery({ queryKey: importSettingsKey, queryFn: getImportSettings });
}
