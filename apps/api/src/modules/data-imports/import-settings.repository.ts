import {
  DEFAULT_IMPORT_SETTINGS,
  IMPORT_SETTINGS_KEY,
  ImportSettingsSchema,
  type ImportSettings,
} from '@fonrisk/contracts';
import { eq, settings, type Executor } from '@fonrisk/db';

/** The import settings (decision 0047), or the defaults (Turkish numbers) when none were saved. */
export async function readImportSettings(ex: Executor): Promise<ImportSettings> {
  const [row] = await ex
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, IMPORT_SETTINGS_KEY));
  const parsed = ImportSettingsSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_IMPORT_SETTINGS;
}

export async function writeImportSettings(ex: Executor, next: ImportSettings): Promise<void> {
  const updatedAt = new Date();
  await ex
    .insert(settings)
    .values({ key: IMPORT_SETTINGS_KEY, value: next, updatedAt })
    .onConflictDoUpdate({ target: settings.key, set: { value: next, updatedAt } });
}
