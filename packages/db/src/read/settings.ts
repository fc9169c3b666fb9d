import {
  VAR_SETTINGS_DEFAULTS,
  VAR_SETTINGS_KEY,
  type VarSettingsResponse,
  parseStoredVarSettings,
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
 * never saved (`updatedAt` null).
 */
export async function readVarSettings(ex: Executor): Promise<VarSettingsResponse> {
  const row = await readSetting(ex, VAR_SETTINGS_KEY);
  if (!row) return { settings: VAR_SETTINGS_DEFAULTS, updatedAt: null };
  return { settings: parseStoredVarSettings(row.value), updatedAt: row.updatedAt.toISOString() };
}
