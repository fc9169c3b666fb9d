import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImportSettingsSchema, type ImportSettings } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { importSettingsKey } from './import-settings.ts';

/** PUT imports/settings. */
export async function saveImportSettings(next: ImportSettings): Promise<ImportSettings> {
  return ImportSettingsSchema.parse(await api.put<unknown>('imports/settings', next));
}

export function useSaveImportSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveImportSettings,
    onSuccess: (saved) => client.setQueryData(importSettingsKey, saved),
  });
}
