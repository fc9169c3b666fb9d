import {
  VAR_SETTINGS_DEFAULTS,
  VAR_SETTINGS_KEY,
  type VarSettingsResponse,
  readStoredVarSettings,
} from '@fonrisk/contracts';
import { eq } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { settings } from '../schema/index.ts';

/** A stored setting as saved (jsonb value and save time), or null when never saved. */
export async function readSetting(
  ex: Executor,
  key: string,
): Promise<{ value: unknown; updatedAt: Date } | null> {
  const [row] = await ex
    .select({ value: settings.value, updatedAt: settings.updatedAt })
    .from(settings)
    .where(eq(settings.key, key));
  return row ?? null;
}

/**
 * The VaR settings every reader uses (the settings screen, RMD tracking, the demo, every
 * analysis run): the stored value read through the contracts' parser, the SPK defaults when
 * never saved (`updatedAt` null). A stored document that no longer validates is reported in
 * `storedProblems` (decision 0014): `settings` then holds the defaults for the settings form,
 * and analysis runs refuse to start with the Turkish list of the fields.
 */
export async function readVarSettings(ex: Executor): Promise<VarSettingsResponse> {
  const row = await readSetting(ex, VAR_SETTINGS_KEY);
  if (!row) return { settings: VAR_SETTINGS_DEFAULTS, updatedAt: null };
  const stored = readStoredVarSettings(row.value);
  const updatedAt = row.updatedAt.toISOString();
  return stored.ok
    ? { settings: stored.settings, updatedAt }
    : { settings: VAR_SETTINGS_DEFAULTS, updatedAt, storedProblems: [...stored.problems] };
}
